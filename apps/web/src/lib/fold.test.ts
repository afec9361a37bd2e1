import { describe, expect, it } from 'vitest';
import { foldText } from './fold';

describe('foldText', () => {
  it('folds as the database does: hamza forms, ta marbuta, alef maqsura, diacritics, tatweel, Latin case', () => {
    expect(foldText('أحمد')).toBe(foldText('احمد'));
    expect(foldText('إسلام آمنة')).toBe('اسلام امنه');
    expect(foldText('مصطفى')).toBe('مصطفي');
    expect(foldText('فَهْمـي')).toBe('فهمي');
    expect(foldText('Doctors')).toBe('doctors');
  });
});
