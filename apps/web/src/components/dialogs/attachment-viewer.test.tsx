import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { AttachmentViewer } from './attachment-viewer';
import { detectFileFormat, fileNameOf } from './file-format';

describe('detectFileFormat', () => {
  it.each([
    [{ url: '/storage/a/license.PNG' }, 'image'],
    [{ url: '/storage/a/photo.jpeg?v=2' }, 'image'],
    [{ url: '/storage/a/x.webp#frag' }, 'image'],
    [{ url: '/storage/a/card.pdf' }, 'pdf'],
    [{ url: '/storage/a/doc.docx' }, 'unsupported'],
    [{ url: '/storage/a/noextension' }, 'unsupported'],
    [{ url: '/download/42', mimeType: 'image/png' }, 'image'],
    [{ url: '/download/42', mimeType: 'application/pdf; charset=binary' }, 'pdf'],
    [{ url: '/download/42.png', mimeType: 'text/plain' }, 'unsupported'],
    [{ url: '/download/42', name: 'scan.pdf', mimeType: 'application/octet-stream' }, 'pdf'],
    [{ url: 'data:image/png;base64,AAAA' }, 'image'],
  ] as const)('%j → %s', (file, format) => {
    expect(detectFileFormat(file)).toBe(format);
  });

  it('names files by name, else by the URL', () => {
    expect(fileNameOf({ url: '/storage/a/my%20card.pdf' }, 'File 1')).toBe('my card.pdf');
    expect(fileNameOf({ url: '/x/', name: 'given.png' }, 'File 1')).toBe('given.png');
    expect(fileNameOf({ url: '/' }, 'File 1')).toBe('File 1');
  });
});

describe('AttachmentViewer', () => {
  it('previews images and PDFs, explains the rest, lets every file be downloaded', () => {
    render(
      <AttachmentViewer
        open
        onClose={() => {}}
        title="Doctor Attachments"
        description="You can view and download Doctor Attachments from here"
        files={[{ url: '/storage/a.png' }, { url: '/storage/b.pdf' }, { url: '/storage/c.zip' }]}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Doctor Attachments' });
    expect(within(dialog).getByRole('img', { name: 'a.png' })).toHaveAttribute('src', '/storage/a.png');
    expect(within(dialog).getByTitle('b.pdf').tagName).toBe('IFRAME');
    expect(within(dialog).getByText('Unsupported File Format')).toBeInTheDocument();
    const links = within(dialog).getAllByRole('link', { name: 'Download' });
    expect(links.map((link) => link.getAttribute('download'))).toEqual(['a.png', 'b.pdf', 'c.zip']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/storage/a.png', '/storage/b.pdf', '/storage/c.zip']);
  });
});
