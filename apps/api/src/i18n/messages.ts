import type { FastifyRequest } from 'fastify';

export type Language = 'en' | 'ar';
/** A server message in both languages. */
export type Message = { en: string; ar: string };

export const defineMessages = <T extends Record<string, Message>>(messages: T) => messages;

export const commonMessages = defineMessages({
  unauthenticated: { en: 'Unauthenticated.', ar: 'Unauthenticated.' },
  forbidden: { en: 'This action is unauthorized.', ar: 'هذا الإجراء غير مصرح به.' },
  notFound: { en: 'Not Found.', ar: 'غير موجود.' },
  routeNotFound: { en: 'The route could not be found.', ar: 'المسار غير موجود.' },
  tooManyRequests: { en: 'Too Many Attempts.', ar: 'محاولات كثيرة جدًا.' },
  payloadTooLarge: { en: 'The request is too large.', ar: 'الطلب كبير جدًا.' },
  badRequest: { en: 'The request could not be read.', ar: 'تعذرت قراءة الطلب.' },
  nestedTooDeeply: { en: 'The request is nested too deeply.', ar: 'الطلب متداخل بعمق أكبر من المسموح.' },
  unsupportedMediaType: { en: 'Unsupported content type.', ar: 'نوع المحتوى غير مدعوم.' },
  methodNotAllowed: { en: 'The method is not supported for this route.', ar: 'هذه الطريقة غير مدعومة لهذا المسار.' },
  serverError: { en: 'Server Error', ar: 'خطأ في الخادم' },
  databaseUnavailable: {
    en: 'The service is temporarily unavailable. Please try again in a moment.',
    ar: 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى بعد قليل.',
  },
  databaseTimeout: {
    en: 'The request took too long. Please try again in a moment.',
    ar: 'استغرق الطلب وقتًا أطول من اللازم. يرجى المحاولة مرة أخرى بعد قليل.',
  },
  givenDataInvalid: { en: 'The given data was invalid.', ar: 'البيانات المدخلة غير صالحة.' },
  andMoreErrors: { en: '(and {count} more errors)', ar: '(و{count} أخطاء أخرى)' },
  andOneMoreError: { en: '(and 1 more error)', ar: '(وخطأ آخر)' },
  deleted: { en: 'Deleted successfully.', ar: 'تم الحذف بنجاح.' },
  stillInUse: {
    en: 'This record is still used by other records, so it cannot be changed this way.',
    ar: 'هذا السجل مستخدم في سجلات أخرى، لذا لا يمكن تغييره بهذه الطريقة.',
  },
});

/** The language asked for by Accept-Language: Arabic when it comes first, English otherwise. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ar') ? 'ar' : 'en';
}

export function translate(message: Message | string, language: Language, params: Record<string, string | number> = {}): string {
  const text = typeof message === 'string' ? message : message[language];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
