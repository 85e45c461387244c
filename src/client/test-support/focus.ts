/**
 * Leaves the focus on the page, as a browser does when the focused control becomes disabled (happy-dom keeps
 * it there): a stand-in takes the focus and is removed.
 */
export function loseFocus() {
  const standIn = document.createElement('button');
  document.body.append(standIn);
  standIn.focus();
  standIn.remove();
  if (document.activeElement !== document.body) throw new Error('the focus did not leave');
}
