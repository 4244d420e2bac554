// In place of sanitize-html (190 kB with its parser), which ipywidgets uses only for a description with
// description_allow_html=True, never set on a cardlib page: such a description is shown as plain text.
export default function sanitize(source) {
  const element = document.createElement('div');
  element.textContent = source;
  return element.innerHTML;
}
