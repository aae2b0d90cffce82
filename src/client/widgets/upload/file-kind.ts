/** What a file input accepts: anything, pictures only, or videos only. */
export type FileKind = 'all' | 'image' | 'video';

const IMAGE_EXT = /\.(jpe?g|png|gif|bmp|webp)$/i;
const VIDEO_EXT = /\.(mp4|mov|webm|avi)$/i;

export function isImage(file: { type?: string; name: string }): boolean {
  return file.type ? file.type.startsWith('image/') : IMAGE_EXT.test(file.name);
}

export function isVideo(file: { type?: string; name: string }): boolean {
  return file.type ? file.type.startsWith('video/') : VIDEO_EXT.test(file.name);
}

export function acceptOf(kind: FileKind): string | undefined {
  return kind === 'image' ? 'image/*' : kind === 'video' ? 'video/*' : undefined;
}

export function isImagePath(path: string): boolean {
  return IMAGE_EXT.test(path.split('?')[0]);
}
