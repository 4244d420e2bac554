// A page whose kernel is gone says so, with a Reload button, instead of leaving dead buttons on the screen.
// Gone: the kernel died or was restarted (its widgets with it), or the server stopped answering after the
// connection's own attempts to reconnect. A short loss the connection recovers from says nothing.
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** Japanese when the page's buttons speak it (an app with lang="ja": every button; an English app's cards and
    terms may show Japanese, never its buttons), else English. */
function say(english, japanese) {
  const buttons = [...document.querySelectorAll('#rendered_cells button')].map((button) => button.textContent);
  return buttons.some((text) => JAPANESE.test(text)) ? japanese : english;
}

const MESSAGES = {
  lost: ['This page lost its connection to the server. Reload the page to carry on.',
    'サーバーとの接続が切れました。ページを再読み込みしてください。'],
  failed: ['This page could not start. Reload the page to try again.',
    'ページを開始できませんでした。ページを再読み込みしてください。'],
};

/** The message of a page that cannot go on (``why``: lost or failed), with a Reload button, once. */
export function showLost(why = 'lost') {
  if (document.querySelector('.cl-lost')) {
    return;
  }
  const box = document.createElement('div');
  box.className = 'cl-lost';
  box.setAttribute('role', 'alert');
  const text = document.createElement('span');
  text.textContent = say(...MESSAGES[why]);
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = say('Reload', '再読み込み');
  button.addEventListener('click', () => window.location.reload());
  box.append(text, button);
  document.body.prepend(box);
  document.body.classList.add('cl-page-lost');
}

/** Show the message once the kernel is dead, restarted, or the connection gave up. */
export function watchConnection(kernel) {
  kernel.statusChanged.connect((_, status) => {
    if (status === 'dead' || status === 'autorestarting' || status === 'restarting') {
      showLost();
    }
  });
  kernel.connectionStatusChanged.connect((_, status) => {
    if (status === 'disconnected') {
      showLost();
    }
  });
}
