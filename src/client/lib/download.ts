/**
 * Saves `text` as a file named `fileName`, made in the browser (a Blob behind a temporary link): for data the
 * page already holds, such as the Insights figures' CSV, so nothing is asked of the server again.
 */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Saves `blob` as a file named `fileName` (a download the page read itself, such as the orders export). */
export function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
