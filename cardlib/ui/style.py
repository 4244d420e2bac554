"""The style sheet every cardlib app shares: cards, seats, prompt, log and scoreboard.

It travels inside the app as one ``<style>`` block, so a notebook, JupyterLab and Voila all
draw the same table without any installed extension.
"""
from __future__ import annotations

STYLE = """
/* A table of people's head line (cardlib/ui/people.py) above the app: one line of text, no taller */
.cl-people-head { margin: 0 0 calc(4 * var(--u, 1px)) 0 !important; }
.cl-people-head .widget-html, .cl-people-head .widget-html-content { height: auto; min-height: 0; line-height: 1.5;
                                                                      margin-top: 0; margin-bottom: 0; }
.cl-app { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans CJK JP", sans-serif;
          color: #222; gap: calc(6 * var(--u)); --u: 1px; container-type: inline-size; }
/* The apps scale with their width: a design pixel (--u) is 1px up to an app 1,250 px wide, then grows
   with the width (about 1.5 on a 1080p projector, at most 2.4), so type stays readable at the back. */
@supports (width: 1cqw) {
  .cl-app, .cl-app > * { --u: clamp(0.88px, min(0.08cqw, 0.115vh), 2.4px); }
}
/* --u is a length: each part of the app works it out once from the app's width, and what it holds inherits a
   length, not a formula in container units to resolve again at every restyle (a click's style took 3x longer). */
@property --u { syntax: '<length>'; inherits: true; initial-value: 1px; }
.cl-app, .cl-app > * { --jp-widgets-font-size: calc(13 * var(--u)); --jp-widgets-inline-height: calc(28 * var(--u));
                       --jp-widgets-inline-width-short: calc(72 * var(--u)); }
/* ... and with the window's height: a screen shows about 870 design pixels from top to bottom. */

/* A wide screen: the log and the scoreboard stand in a column beside the table, whose height they take
   (never more: the log scrolls inside its box), so the seats, the buttons and the scores fit one screen. */
@media (min-width: 1000px) {
  .cl-app.widget-vbox { display: grid; grid-template-columns: minmax(0, 1fr) minmax(calc(320 * var(--u)), 28%);
                        column-gap: calc(14 * var(--u)); row-gap: 0; align-content: start; }
  .cl-app > * { grid-column: 1; margin: 0 0 calc(5 * var(--u)) 0; }
  .cl-app > :first-child { display: none; }  /* the style sheet's widget: its <style> applies all the same */
  .cl-app > .widget-html:has(> .widget-html-content:empty) { margin: 0; }  /* no message, no result: no gap */
  .cl-app > .cl-top { grid-row: 1; }
  .cl-app > .cl-help-box { grid-column: 2; grid-row: 1; align-self: center; }  /* "How to play" beside the header */
  .cl-app > .cl-side { grid-column: 2; grid-row: 2 / span 12; contain: size; align-self: stretch;
                       flex-flow: column nowrap !important; gap: calc(6 * var(--u)); min-height: 0; }
  .cl-side > .cl-side-scores { order: -1; flex: 0 1 auto !important; min-height: 0; overflow-y: auto; max-height: 60%; }
  .cl-side > .cl-side-log { flex: 1 1 0 !important; min-height: 0; min-width: 0 !important; }
  .cl-side > .cl-coach { flex: 0 1 auto; min-height: 0; max-height: 65%; overflow-y: auto; }  /* open: above the log */
  .cl-side > .cl-side-log { order: 1; }
  .cl-side-log > .cl-log-box { flex: 1 1 0; min-height: 0; }
  .cl-side-log > .cl-log-box > .widget-html-content { height: 100%; }
  .cl-side .cl-log { max-height: none; height: 100%; box-sizing: border-box; }
  .cl-side .cl-log::before { content: ""; flex: 1 1 auto; }  /* a short log starts at the top of its box (column-reverse) */
  .cl-side .cl-scores th { white-space: normal; vertical-align: bottom; }
  .cl-side .cl-scores th, .cl-side .cl-scores td { padding: calc(2 * var(--u)) calc(5 * var(--u)); }
}
/* Buttons in groups (a line's takes, a card's places): the groups in columns, each heading above its buttons. */
.cl-controls.widget-hbox:has(> .cl-controls-group) {
  display: grid; grid-template-columns: repeat(auto-fill, minmax(calc(270 * var(--u)), 1fr)); gap: calc(4 * var(--u)); }
@media (max-width: 999px) {  /* a narrow page: the coach on a line of its own under the log and the scores */
  .cl-side > .cl-coach { flex: 1 1 100%; }
}
.cl-controls-group.widget-hbox { margin: 0; align-content: flex-start; }
/* seven buttons or more, or a group alone (a joker's places): a whole line, its buttons side by side */
.cl-controls-group:has(> :nth-child(8)), .cl-controls-group:only-child { grid-column: 1 / -1; }
.cl-controls-group > .widget-html:first-child { flex: 1 1 100% !important; min-width: 0 !important; margin-bottom: 0; }
.cl-controls-group .cl-controls-label { line-height: 1.25; }
.cl-controls-group .widget-button { white-space: normal; height: auto; min-height: var(--jp-widgets-inline-height);
                                    line-height: 1.2; padding-top: calc(2 * var(--u)); padding-bottom: calc(2 * var(--u)); }
.cl-app .widget-button, .cl-app .widget-toggle-button, .cl-app .widget-dropdown select {
  font-size: var(--jp-widgets-font-size); height: var(--jp-widgets-inline-height); }
.cl-app .widget-button i.fa, .cl-app .widget-toggle-button i.fa { font-size: var(--jp-widgets-font-size); }
.cl-players-hint { font-size: calc(12.5 * var(--u)); color: #7d6608; white-space: nowrap; }
.cl-confirm { gap: calc(8 * var(--u)); padding: calc(4 * var(--u)) calc(10 * var(--u)); border-radius: calc(8 * var(--u)); background: #fdedec; }
.cl-confirm-text { font-size: calc(15 * var(--u)); color: #922b21; font-weight: 600; }
.cl-download { font-size: calc(12.5 * var(--u)); color: #555; margin-top: calc(4 * var(--u)); }
.cl-download a { color: #1f618d; font-weight: 600; }
.cl-app .widget-html-content { line-height: 1.35; }
.cl-header { display: flex; align-items: baseline; gap: calc(14 * var(--u)); flex-wrap: wrap; }
.cl-title { font-size: calc(20 * var(--u)); font-weight: 700; }
.cl-facts { color: #555; font-size: calc(14 * var(--u)); }
.cl-facts b { color: #222; }
.cl-help { font-size: calc(13 * var(--u)); color: #444; }
.cl-help summary { cursor: pointer; color: #1f618d; }
.cl-help p { margin: calc(4 * var(--u)) 0 calc(4 * var(--u)) calc(14 * var(--u)); }

.cl-card { display: inline-flex; align-items: center; justify-content: center; box-sizing: border-box;
           width: calc(30 * var(--u)); height: calc(42 * var(--u)); margin: 0 calc(4 * var(--u)) 0 0; border-radius: calc(6 * var(--u)); vertical-align: middle;
           font-weight: 700; font-size: calc(17 * var(--u)); box-shadow: 0 1px calc(2 * var(--u)) rgba(0, 0, 0, .25); }
.cl-face { background: #fff; border: calc(2 * var(--u)) solid var(--cl-c, #444); color: var(--cl-c, #444); }
.cl-fresh { outline: calc(3 * var(--u)) solid #f5b041; outline-offset: 1px; }
.cl-back { border: calc(2 * var(--u)) solid #1b3a5c;
           background: repeating-linear-gradient(45deg, #2e5f8f 0 calc(4 * var(--u)), #4a7fb5 calc(4 * var(--u)) calc(8 * var(--u))); }
.cl-none { color: #999; font-style: italic; font-size: calc(13 * var(--u)); }

.cl-table { display: flex; flex-direction: column; gap: calc(8 * var(--u)); }
.cl-seats { display: flex; gap: calc(8 * var(--u)); flex-wrap: wrap; }
.cl-seat { flex: none; border: calc(2 * var(--u)) solid #d5d8dc; border-radius: calc(10 * var(--u)); padding: calc(6 * var(--u)) calc(10 * var(--u));
           background: #fbfcfc; }
.cl-seats .cl-seat { flex: 1 1 calc(240 * var(--u)); box-sizing: border-box; }
.cl-seat.cl-you { background: #f4f9f4; border-color: #a9cfa9; }
.cl-seat.cl-turn { border-color: #f39c12; box-shadow: 0 0 0 calc(2 * var(--u)) #fdebd0; }
.cl-seat-head { display: flex; gap: calc(8 * var(--u)); align-items: baseline; flex-wrap: wrap; margin-bottom: calc(4 * var(--u)); }
.cl-name { font-weight: 700; font-size: calc(15 * var(--u)); }
.cl-sub { color: #777; font-size: calc(12 * var(--u)); margin: calc(-4 * var(--u)) 0 calc(2 * var(--u)) 0; }
.cl-pts { margin-left: auto; font-size: calc(13 * var(--u)); }
.cl-badge { font-size: calc(11 * var(--u)); border-radius: calc(8 * var(--u)); padding: 0 calc(6 * var(--u)); background: #eaecee; color: #444; }
.cl-badge.cl-hot { background: #f39c12; color: #fff; }
.cl-row { display: flex; align-items: center; min-height: calc(44 * var(--u)); }
.cl-label { width: calc(64 * var(--u)); flex: none; font-size: calc(12 * var(--u)); color: #666;
            padding-right: calc(6 * var(--u)); overflow-wrap: anywhere; } /* clear of a marked card's outline */

.cl-prompt { font-size: calc(15 * var(--u)); padding: calc(6 * var(--u)) calc(10 * var(--u)); border-radius: calc(8 * var(--u)); background: #eaf2f8; }
.cl-prompt.cl-wait { background: #fef5e7; }
.cl-prompt small { display: block; color: #555; font-size: calc(12.5 * var(--u)); margin-top: calc(2 * var(--u)); }
.cl-message { font-size: calc(14 * var(--u)); padding: calc(4 * var(--u)) calc(10 * var(--u)); border-radius: calc(6 * var(--u)); }
.cl-message.cl-error { background: #fdedec; color: #922b21; }
.cl-message.cl-info { background: #eafaf1; color: #1d6f42; }

.cl-panel { border: 1px solid #d5d8dc; border-radius: calc(8 * var(--u)); padding: calc(6 * var(--u)) calc(10 * var(--u)); font-size: calc(14 * var(--u)); }
.cl-panel h4 { margin: calc(2 * var(--u)) 0 calc(6 * var(--u)) 0; font-size: calc(15 * var(--u)); }
.cl-result .cl-row { min-height: calc(44 * var(--u)); }
.cl-count { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: calc(13 * var(--u)); }
.cl-count td { padding: 0 calc(10 * var(--u)) 0 0; }
.cl-verdict { font-weight: 600; margin-top: calc(4 * var(--u)); }

.cl-log { display: flex; flex-direction: column-reverse; max-height: calc(170 * var(--u)); overflow-y: auto;
          border: 1px solid #e5e7e9; border-radius: calc(8 * var(--u)); padding: calc(4 * var(--u)) calc(10 * var(--u)); background: #fcfcfc;
          font-size: calc(13 * var(--u)); }
.cl-log-line { padding: 1px 0; color: #555; }
.cl-log-line.cl-new { color: #111; font-weight: 600; }
.cl-log-line.cl-head { color: #1f618d; font-weight: 700; margin-top: calc(4 * var(--u)); }

.cl-scores { border-collapse: collapse; font-size: calc(13 * var(--u)); }
.cl-scores-box { overflow-x: auto; max-width: 100%; }
.cl-scores th, .cl-scores td { border-bottom: 1px solid #e5e7e9; padding: calc(2 * var(--u)) calc(7 * var(--u)); text-align: right;
                                white-space: nowrap; }
.cl-scores td.cl-detail { color: #555; }
.cl-scores th:first-child, .cl-scores td:first-child { text-align: left; }
.cl-scores tr.cl-total-row td { font-weight: 700; border-top: calc(2 * var(--u)) solid #aab7b8; }
.cl-section { font-size: calc(13 * var(--u)); font-weight: 700; color: #555; margin-top: calc(4 * var(--u)); }

.cl-wild { flex-direction: column; line-height: 1; border: calc(2 * var(--u)) solid #b7950b; color: #7d6608;
           background: repeating-linear-gradient(135deg, #fef9e7 0 calc(5 * var(--u)), #fcf3cf calc(5 * var(--u)) calc(10 * var(--u))); }
.cl-wild small { font-size: calc(10 * var(--u)); font-weight: 600; }
.cl-wild-loose { border-style: dashed; }
.cl-slot { border: calc(2 * var(--u)) dashed #ccd1d1; box-shadow: none; background: transparent; color: #aab7b8;
           font-size: calc(11 * var(--u)); font-weight: 400; }
.cl-pile { display: inline-flex; flex-direction: column; align-items: center; gap: calc(2 * var(--u)); }
.cl-pile .cl-card { margin: 0; }
.cl-pile-size { font-size: calc(12 * var(--u)); color: #555; white-space: nowrap; }
.cl-group { display: inline-flex; flex-direction: column; align-items: center; margin: 0 calc(6 * var(--u)) 0 0;
            padding: calc(3 * var(--u)) 0 1px calc(4 * var(--u)); border: calc(2 * var(--u)) solid #5d6d7e; border-radius: calc(8 * var(--u)); background: #f2f4f4; }
.cl-group-dashed { border-style: dashed; }
.cl-group-cards { display: inline-flex; }
.cl-group-cards .cl-card + .cl-card { margin-left: calc(-12 * var(--u)); }
.cl-group-caption { font-size: calc(11 * var(--u)); color: #34495e; font-weight: 600; white-space: nowrap; padding-right: calc(4 * var(--u)); }

.cl-table.cl-around { flex-direction: row; flex-wrap: wrap; align-items: flex-start; gap: calc(12 * var(--u)); }
.cl-around > .cl-centre { flex: none; }
.cl-around > .cl-seats-side { flex: 1 1 calc(360 * var(--u)); display: flex; flex-direction: column; gap: calc(8 * var(--u)); }
.cl-grid { display: grid; gap: calc(6 * var(--u)); align-items: center; justify-items: center; }
.cl-grid-label { font-size: calc(15 * var(--u)); font-weight: 700; color: #1f618d; }
.cl-grid-label small { font-size: calc(11 * var(--u)); font-weight: 400; color: #777; }
.cl-grid-cell { display: flex; align-items: center; justify-content: center; width: calc(46 * var(--u)); height: calc(58 * var(--u));
                border-radius: calc(8 * var(--u)); background: #eef3ee; }
.cl-grid-cell .cl-card { margin: 0; width: calc(36 * var(--u)); height: calc(50 * var(--u)); font-size: calc(20 * var(--u)); }
.cl-grid-cell .cl-slot { font-size: calc(11 * var(--u)); }
.cl-grid-cell.cl-grid-wide { width: calc(80 * var(--u)); }
.cl-results { border-collapse: collapse; font-size: calc(13.5 * var(--u)); margin: calc(2 * var(--u)) 0 calc(4 * var(--u)) 0; }
.cl-results th { text-align: left; font-size: calc(12.5 * var(--u)); color: #555; padding: 0 calc(12 * var(--u)) calc(2 * var(--u)) 0; }
.cl-results td { padding: calc(3 * var(--u)) calc(12 * var(--u)) calc(3 * var(--u)) 0; border-top: 1px solid #e5e7e9; vertical-align: middle; }
.cl-panel .cl-results .cl-card { width: calc(26 * var(--u)); height: calc(36 * var(--u)); font-size: calc(15 * var(--u)); }
.cl-panel .cl-results td { padding-top: calc(1 * var(--u)); padding-bottom: calc(1 * var(--u)); }  /* a results table: one screen */
.cl-refill { font-size: calc(12 * var(--u)); color: #7d6608; max-width: calc(250 * var(--u)); margin-top: calc(2 * var(--u)); }
.cl-note { margin-left: calc(8 * var(--u)); font-size: calc(12 * var(--u)); color: #555; white-space: nowrap; }
.cl-controls-group { border: 1px solid #e5e7e9; border-radius: calc(8 * var(--u)); padding: calc(2 * var(--u)) calc(6 * var(--u)); background: #fbfcfc; }
.cl-controls-label { font-size: calc(13 * var(--u)); color: #333; }
.cl-controls-label .cl-why { color: #922b21; font-size: calc(12 * var(--u)); }
"""


def px(design: float) -> str:
    """A length of ``design`` pixels at the app's usual width, scaled with the app (for widget layouts).

    >>> px(96)
    'calc(96 * var(--u))'
    """
    return f"calc({design:g} * var(--u))"


def style_block() -> str:
    """The shared style sheet as an HTML ``<style>`` element."""
    return f"<style>{STYLE}</style>"
