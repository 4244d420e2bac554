"""The style sheet every cardlib app shares: cards, seats, prompt, log and scoreboard.

It travels inside the app as one ``<style>`` block, so a notebook, JupyterLab and Voila all
draw the same table without any installed extension.
"""
from __future__ import annotations

STYLE = """
.cl-app { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #222;
          max-width: 900px; gap: 6px; }
.cl-app .widget-html-content { line-height: 1.35; }
.cl-header { display: flex; align-items: baseline; gap: 14px; flex-wrap: wrap; }
.cl-title { font-size: 20px; font-weight: 700; }
.cl-facts { color: #555; font-size: 14px; }
.cl-facts b { color: #222; }
.cl-help { font-size: 13px; color: #444; }
.cl-help summary { cursor: pointer; color: #1f618d; }
.cl-help p { margin: 4px 0 4px 14px; }

.cl-card { display: inline-flex; align-items: center; justify-content: center; box-sizing: border-box;
           width: 30px; height: 42px; margin: 0 4px 0 0; border-radius: 6px; vertical-align: middle;
           font-weight: 700; font-size: 17px; box-shadow: 0 1px 2px rgba(0, 0, 0, .25); }
.cl-face { background: #fff; border: 2px solid var(--cl-c, #444); color: var(--cl-c, #444); }
.cl-fresh { outline: 3px solid #f5b041; outline-offset: 1px; }
.cl-back { border: 2px solid #1b3a5c;
           background: repeating-linear-gradient(45deg, #2e5f8f 0 4px, #4a7fb5 4px 8px); }
.cl-none { color: #999; font-style: italic; font-size: 13px; }

.cl-table { display: flex; flex-direction: column; gap: 8px; }
.cl-seats { display: flex; gap: 8px; flex-wrap: wrap; }
.cl-seat { flex: none; border: 2px solid #d5d8dc; border-radius: 10px; padding: 6px 10px;
           background: #fbfcfc; }
.cl-seats .cl-seat { flex: 1 1 240px; }
.cl-seat.cl-you { background: #f4f9f4; border-color: #a9cfa9; }
.cl-seat.cl-turn { border-color: #f39c12; box-shadow: 0 0 0 2px #fdebd0; }
.cl-seat-head { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; margin-bottom: 4px; }
.cl-name { font-weight: 700; font-size: 15px; }
.cl-sub { color: #777; font-size: 12px; margin: -4px 0 2px 0; }
.cl-pts { margin-left: auto; font-size: 13px; }
.cl-badge { font-size: 11px; border-radius: 8px; padding: 0 6px; background: #eaecee; color: #444; }
.cl-badge.cl-hot { background: #f39c12; color: #fff; }
.cl-row { display: flex; align-items: center; min-height: 46px; }
.cl-label { width: 64px; flex: none; font-size: 12px; color: #666; }

.cl-prompt { font-size: 15px; padding: 6px 10px; border-radius: 8px; background: #eaf2f8; }
.cl-prompt.cl-wait { background: #fef5e7; }
.cl-prompt small { display: block; color: #555; font-size: 12.5px; margin-top: 2px; }
.cl-message { font-size: 14px; padding: 4px 10px; border-radius: 6px; }
.cl-message.cl-error { background: #fdedec; color: #922b21; }
.cl-message.cl-info { background: #eafaf1; color: #1d6f42; }

.cl-panel { border: 1px solid #d5d8dc; border-radius: 8px; padding: 6px 10px; font-size: 14px; }
.cl-panel h4 { margin: 2px 0 6px 0; font-size: 15px; }
.cl-result .cl-row { min-height: 44px; }
.cl-count { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: 13px; }
.cl-count td { padding: 0 10px 0 0; }
.cl-verdict { font-weight: 600; margin-top: 4px; }

.cl-log { display: flex; flex-direction: column-reverse; max-height: 170px; overflow-y: auto;
          border: 1px solid #e5e7e9; border-radius: 8px; padding: 4px 10px; background: #fcfcfc;
          font-size: 13px; }
.cl-log-line { padding: 1px 0; color: #555; }
.cl-log-line.cl-new { color: #111; font-weight: 600; }
.cl-log-line.cl-head { color: #1f618d; font-weight: 700; margin-top: 4px; }

.cl-scores { border-collapse: collapse; font-size: 13px; }
.cl-scores-box { overflow-x: auto; max-width: 100%; }
.cl-scores th, .cl-scores td { border-bottom: 1px solid #e5e7e9; padding: 2px 7px; text-align: right;
                                white-space: nowrap; }
.cl-scores td.cl-detail { color: #555; }
.cl-scores th:first-child, .cl-scores td:first-child { text-align: left; }
.cl-scores tr.cl-total-row td { font-weight: 700; border-top: 2px solid #aab7b8; }
.cl-section { font-size: 13px; font-weight: 700; color: #555; margin-top: 4px; }

.cl-wild { flex-direction: column; line-height: 1; border: 2px solid #b7950b; color: #7d6608;
           background: repeating-linear-gradient(135deg, #fef9e7 0 5px, #fcf3cf 5px 10px); }
.cl-wild small { font-size: 10px; font-weight: 600; }
.cl-wild-loose { border-style: dashed; }
.cl-slot { border: 2px dashed #ccd1d1; box-shadow: none; background: transparent; color: #aab7b8;
           font-size: 11px; font-weight: 400; }
.cl-pile { display: inline-flex; flex-direction: column; align-items: center; gap: 2px; }
.cl-pile .cl-card { margin: 0; }
.cl-pile-size { font-size: 12px; color: #555; white-space: nowrap; }
.cl-group { display: inline-flex; flex-direction: column; align-items: center; margin: 0 6px 0 0;
            padding: 3px 0 1px 4px; border: 2px solid #5d6d7e; border-radius: 8px; background: #f2f4f4; }
.cl-group-dashed { border-style: dashed; }
.cl-group-cards { display: inline-flex; }
.cl-group-cards .cl-card + .cl-card { margin-left: -12px; }
.cl-group-caption { font-size: 11px; color: #34495e; font-weight: 600; white-space: nowrap; padding-right: 4px; }

.cl-table.cl-around { flex-direction: row; flex-wrap: wrap; align-items: flex-start; gap: 12px; }
.cl-around > .cl-centre { flex: none; }
.cl-around > .cl-seats-side { flex: 1 1 360px; display: flex; flex-direction: column; gap: 8px; }
.cl-grid { display: grid; gap: 6px; align-items: center; justify-items: center; }
.cl-grid-label { font-size: 15px; font-weight: 700; color: #1f618d; }
.cl-grid-label small { font-size: 11px; font-weight: 400; color: #777; }
.cl-grid-cell { display: flex; align-items: center; justify-content: center; width: 46px; height: 58px;
                border-radius: 8px; background: #eef3ee; }
.cl-grid-cell .cl-card { margin: 0; width: 36px; height: 50px; font-size: 20px; }
.cl-grid-cell .cl-slot { font-size: 11px; }
.cl-grid-cell.cl-grid-wide { width: 80px; }
.cl-results { border-collapse: collapse; font-size: 13.5px; margin: 2px 0 4px 0; }
.cl-results th { text-align: left; font-size: 12.5px; color: #555; padding: 0 12px 2px 0; }
.cl-results td { padding: 3px 12px 3px 0; border-top: 1px solid #e5e7e9; vertical-align: middle; }
.cl-refill { font-size: 12px; color: #7d6608; max-width: 250px; margin-top: 2px; }
.cl-note { margin-left: 8px; font-size: 12px; color: #555; white-space: nowrap; }
.cl-controls-group { border: 1px solid #e5e7e9; border-radius: 8px; padding: 2px 6px; background: #fbfcfc; }
.cl-controls-label { font-size: 13px; color: #333; }
.cl-controls-label .cl-why { color: #922b21; font-size: 12px; }
"""


def style_block() -> str:
    """The shared style sheet as an HTML ``<style>`` element."""
    return f"<style>{STYLE}</style>"
