import { useEffect, useState, type RefObject } from 'react';

/** Whether the element is the page's fullscreen element, and the toolbar's toggle. */
export function useFullscreen(hostRef: RefObject<HTMLElement | null>): {
  fullscreen: boolean;
  toggleFullscreen: () => void;
} {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === hostRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [hostRef]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void hostRef.current?.requestFullscreen?.();
  };
  return { fullscreen, toggleFullscreen };
}
