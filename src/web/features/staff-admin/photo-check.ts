import { PHOTO_MAX_BYTES, PHOTO_TYPES } from './staff-admin-api';

const isPhotoType = (type: string): boolean => (PHOTO_TYPES as readonly string[]).includes(type);

/** Why the server would refuse this file, said before it is sent; null when it may go. */
export function photoProblem(file: File): string | null {
  if (!isPhotoType(file.type)) return 'Please choose a JPEG, PNG or WebP photo.';
  if (file.size > PHOTO_MAX_BYTES) {
    return 'That photo is larger than 5 MB. Please choose a smaller one.';
  }
  return null;
}
