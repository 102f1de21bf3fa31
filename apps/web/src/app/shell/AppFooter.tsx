/** The footer credits the icon provider (one icon set: Font Awesome 6 through react-icons/fa6). */
export function AppFooter() {
  return (
    <footer className="app-footer">
      <span>Penstock project viewer</span>
      <span>Icons by Font Awesome, via react-icons</span>
    </footer>
  );
}
