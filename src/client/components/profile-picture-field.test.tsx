import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfilePictureField } from './profile-picture-field.tsx';

const upload = vi.hoisted(() => vi.fn<(file: File) => Promise<string>>());
vi.mock('#client/lib/profile-picture.ts', async (original) => ({
  ...(await original<typeof import('#client/lib/profile-picture.ts')>()),
  uploadProfilePicture: upload,
}));

// hydrateRoot is called here directly, not through Testing Library, which would say so itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  upload.mockReset();
  document.body.innerHTML = '';
});

const names = { firstName: 'Ada', lastName: 'Lovelace' };

describe('ProfilePictureField on a prerendered page', () => {
  it('uploads a photo chosen before the page hydrated, once, even when the change event is replayed', async () => {
    let finish: (path: string) => void = () => {};
    upload.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const onChange = vi.fn();
    const field = <ProfilePictureField value={null} onChange={onChange} names={names} />;
    // The HTML the build prerendered, and a file chosen in it before the app arrived.
    const container = document.createElement('div');
    container.innerHTML = renderToString(field);
    document.body.append(container);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const photo = new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' });
    Object.defineProperty(input, 'files', { configurable: true, value: [photo] });

    await act(async () => {
      hydrateRoot(container, field);
    });
    expect(upload).toHaveBeenCalledExactlyOnceWith(photo);
    // The same choice arriving as a change event while it uploads is not sent twice.
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(upload).toHaveBeenCalledOnce();

    await act(async () => finish('avatars/u1/me.webp'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('avatars/u1/me.webp');
  });

  it('uploads nothing at mount when no file was chosen', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(<ProfilePictureField value={null} onChange={() => {}} names={names} />);
    });
    expect(upload).not.toHaveBeenCalled();
  });
});
