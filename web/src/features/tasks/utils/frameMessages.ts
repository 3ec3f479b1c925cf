// The embedded application frame's address and the messages it may post to the portal.

/**
 * The frame's address: the server's url with the signed token as query parameter `token`
 * (the application checks it against the server's signature).
 */
export function frameSource(url: string, token: string): string {
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? '' : url.slice(hash);
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}token=${encodeURIComponent(token)}${fragment}`;
}

/**
 * A request from the frame to toggle full screen: the string 'fullscreen' or
 * 'toggleFullscreen', or an object whose type is one of them.
 */
export function isFullscreenRequest(data: unknown): boolean {
  const names = new Set(['fullscreen', 'toggleFullscreen']);
  if (typeof data === 'string') return names.has(data);
  if (data && typeof data === 'object') {
    const type = (data as { type?: unknown }).type;
    return typeof type === 'string' && names.has(type);
  }
  return false;
}
