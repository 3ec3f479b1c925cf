/**
 * Starts a download in the browser through a temporary link (the server answers with
 * Content-Disposition: attachment, so the page stays). Behind an object so tests can watch it.
 */
export const browserDownload = {
  start(url: string): void {
    const link = document.createElement('a');
    link.href = url;
    link.download = '';
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
  },
};

export function startBrowserDownload(url: string): void {
  browserDownload.start(url);
}
