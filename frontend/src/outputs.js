// One output of a notebook cell (nbformat's JSON, as Voila writes it into the page), drawn: a widget's view,
// HTML, an image or text. Nothing else: cardlib's pages show widgets.
const WIDGET = 'application/vnd.jupyter.widget-view+json';
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

function pre(text, className) {
  const element = document.createElement('pre');
  element.className = className;
  element.textContent = text.replace(ANSI, '');
  return element;
}

/** Draw ``output`` into ``node``; a Lumino widget to attach there (a widget's view), or null. */
export async function renderOutput(output, node, manager) {
  if (output.output_type === 'stream') {
    node.appendChild(pre(Array.isArray(output.text) ? output.text.join('') : output.text,
      `jp-RenderedText cl-stream-${output.name}`));
    return null;
  }
  if (output.output_type === 'error') {
    node.appendChild(pre(`${output.ename}: ${output.evalue}`, 'jp-RenderedText cl-error'));
    return null;
  }
  const data = output.data || {};
  const join = (value) => (Array.isArray(value) ? value.join('') : value);
  if (data[WIDGET]) {
    const model = await manager.get_model(data[WIDGET].model_id);
    const view = await manager.create_view(model, {});
    return view.luminoWidget;
  }
  if (data['text/html'] !== undefined) {
    const element = document.createElement('div');
    element.className = 'jp-RenderedHTMLCommon jp-RenderedHTML';
    element.innerHTML = join(data['text/html']);
    node.appendChild(element);
  } else if (data['image/png'] || data['image/jpeg']) {
    const type = data['image/png'] ? 'image/png' : 'image/jpeg';
    const image = document.createElement('img');
    image.src = `data:${type};base64,${join(data[type])}`;
    node.appendChild(image);
  } else if (data['image/svg+xml'] !== undefined) {
    node.innerHTML = join(data['image/svg+xml']);
  } else if (data['text/plain'] !== undefined) {
    node.appendChild(pre(join(data['text/plain']), 'jp-RenderedText'));
  }
  return null;
}
