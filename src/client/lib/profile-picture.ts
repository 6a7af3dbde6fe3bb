import { accountMessages, accountText, PROFILE_PICTURE_MAX_BYTES } from '#contract/account-text.ts';
import { apiHeaders } from './api-client.ts';

/** A failure of the picture flow, with the spec's words (section 8) for the 'Upload failed' notice. */
export class ProfilePictureError extends Error {}

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

/**
 * The spec's profile picture flow (section 7): an upload URL, the file PUT there with its own
 * content type, then the server turns it into the picture and answers its object path. Works
 * signed out too (signup, before the account exists).
 */
export async function uploadProfilePicture(file: File): Promise<string> {
  if (!isImageFile(file)) throw new ProfilePictureError(accountMessages.onlyImages);
  if (file.size > PROFILE_PICTURE_MAX_BYTES) throw new ProfilePictureError(accountMessages.imageTooLarge);
  const urlResponse = await fetch('/api/objects/upload', { method: 'POST', headers: apiHeaders({ 'content-type': 'application/json' }), body: JSON.stringify({ size: file.size }), credentials: 'include' });
  if (!urlResponse.ok) throw new ProfilePictureError(accountText.uploadUrlFailed(urlResponse.status));
  const { uploadURL } = (await urlResponse.json()) as { uploadURL: string };
  const put = await fetch(uploadURL, { method: 'PUT', headers: { 'content-type': file.type }, body: file });
  if (!put.ok) throw new ProfilePictureError(accountText.storageUploadFailed(put.status));
  const processed = await fetch('/api/profile-pictures', {
    method: 'PUT',
    headers: apiHeaders({ 'content-type': 'application/json' }),
    body: JSON.stringify({ profilePictureURL: uploadURL.split('?')[0] }),
    credentials: 'include',
  });
  if (!processed.ok) {
    // The server's reason when it gave one (not an image, too large), else the spec's status line.
    const reason = await processed.json().then((body: { error?: string }) => body.error, () => undefined);
    throw new ProfilePictureError(processed.status === 400 || processed.status === 413 ? (reason ?? accountText.processFailed(processed.status)) : accountText.processFailed(processed.status));
  }
  return ((await processed.json()) as { objectPath: string }).objectPath;
}
