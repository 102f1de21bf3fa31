/** Apple phones and tablets (iPadOS reports itself as a Mac with touch points). */
export function isAppleTouchDevice(
  nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator,
): boolean {
  if (/iPad|iPhone|iPod/.test(nav.userAgent)) return true;
  return /Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1;
}
