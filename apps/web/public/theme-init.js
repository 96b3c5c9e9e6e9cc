// Applies the stored theme before the app renders, so a light-theme user never sees a dark flash.
try {
  document.documentElement.classList.toggle('dark', localStorage.getItem('theme') !== 'light');
} catch {
  // Storage may be blocked; the page keeps its default dark class.
}
