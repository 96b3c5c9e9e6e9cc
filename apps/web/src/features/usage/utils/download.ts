/**
 * Saves text as a file. A CSV gets a byte-order mark first: without it Excel reads UTF-8 as the
 * system's code page, and a name like 'Zoë' comes out garbled.
 */
export function downloadCsv(fileName: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
