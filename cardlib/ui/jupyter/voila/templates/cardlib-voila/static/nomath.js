// The page's LaTeX typesetter, doing nothing: cardlib's pages hold no maths. Voila typesets an empty
// element as it starts, and with JupyterLab's own typesetter that loads MathJax 3: 16 scripts, 0.8 MB,
// the heaviest part of a page. This file stands where JupyterLab's MathJax 2 typesetter loads MathJax
// (cardlib's index.html.j2 gives its address as the page's fullMathjaxUrl), with the calls that typesetter makes.
window.MathJax = {
  Hub: {Config() {}, Configured() {}, Queue() {}, Register: {StartupHook() {}}},
  Ajax: {},
  InputJax: {TeX: {resetEquationNumbers() {}}},
};
