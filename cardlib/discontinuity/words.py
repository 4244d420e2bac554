"""Discontinuity in Japanese: the game's terms and every button as the rule sheet writes them (stdlib only).

The keys are the English words and templates the app and view.py write; the values follow the
sheet (seeds/discontinuity.ja.txt): 山札 the deck, 金庫 the safe, ジョーカー, たて・よこ・ななめ the
lines, 獲得 to take, 補充 the refill, 右隣 right of, 前半戦・後半戦 the halves, 減点 what a row costs.

>>> from cardlib.ui.words import Words
>>> say = Words("ja", WORDS_JA)
>>> say("take {a} and {b} from {line}", a=3, b=7, line="④"), say("Take the joker (once per game)")
('④から3と7を獲得', 'ジョーカーを獲得（ゲーム中１回）')
"""
from __future__ import annotations

TITLE_JA = "ディスコンティニュイティ"  # the sheet's title: ディスコンティニュイティ：不連続性

# The square's lines and places (the sheet: たて ①②③, よこ ④⑤⑥, ななめ ⑦⑧).
LINES_JA = {
    "left column": "たて（左）", "middle column": "たて（中央）", "right column": "たて（右）",
    "top row": "よこ（上）", "middle row": "よこ（中央）", "bottom row": "よこ（下）",
    "diagonal from top left": "ななめ（左上から）", "diagonal from top right": "ななめ（右上から）",
    "at top left": "左上", "at top": "上", "at top right": "右上", "at left": "左", "at right": "右",
    "at bottom left": "左下", "at bottom": "下", "at bottom right": "右下",
}

# The buttons, their tooltips and group headings, the menu and the pause.
BUTTONS_JA = {
    "Discontinuity": TITLE_JA,
    "2 players (two halves)": "2人（前半戦・後半戦）",
    "2 players (one full game)": "2人（山札すべてで1ゲーム）",
    "Play the second half": "後半戦へ",
    "Deal the second half": "後半戦を配る",
    "Take the joker (once per game)": "ジョーカーを獲得（ゲーム中１回）",
    "You took your joker already: once per game": "ジョーカーはもう獲得しました（ゲーム中１回）",
    "The deck's top card, face down: nobody sees it. It counts your two cards for this turn.":
        "山札の一番上から裏向きで１枚。中身は誰も見ません。おもて向きのカード２枚分にカウントします。",
    "<b>Or the joker</b>: used": "<b>またはジョーカー</b>：獲得済み",
    "<b>Or the joker</b>: the deck's top card": "<b>またはジョーカー</b>：山札の一番上",
    "<b>Your joker</b>: put it right of": "<b>ジョーカー</b>：どのカードの右隣に置く？",
    "The joker counts {value}": "ジョーカーは{value}として扱います",
    "nothing to take: an empty place": "獲得できない：空白があります",
    "nothing to take: both show {n}": "獲得できない：どちらも{n}",
    "nothing to take: all three show {n}": "獲得できない：３枚とも{n}",
    "take {a} and {b} from {line}": "{line}から{a}と{b}を獲得",
    "take {a} and {b} from {line} (the {card} {at})": "{line}から{a}と{b}を獲得（{at}の{card}）",
    "take {a} and {b} from line {line}": "{line}から{a}と{b}を獲得",
    "take {a} and {b} from line {line} (the one {at})": "{line}から{a}と{b}を獲得（{at}のカード）",
    "right of {anchor} (joker = {value}): row {cost}, points {points}":
        "{anchor}の右隣（ジョーカー＝{value}）：列 {cost}、得点 {points}",
    "Scoreboard (highest total wins)": "得点表（最終得点が最も高いプレイヤーの勝ち）",
    "The coach shows what each move does to your score and the chance the next card pairs":
        "コーチ：それぞれの手で得点がどう変わるか、次にめくられるカードがペアになる確率",
    "The coach weighs your moves on your turn.": "コーチはあなたの手番に、それぞれの手を比べます。",
    "Each place's button shows what your row would cost and your points.":
        "置き場所ごとのボタンに、列の減点と得点が出ます。",
}

# The table: the square, the seats, the header, the prompts, the results and the scoreboard.
TABLE_JA = {
    "line {mark}: {name}": "{mark}：{name}",
    "refill": "補充待ち", "empty": "空き", "left": "枚",
    "① ② ③ columns · ④ ⑤ ⑥ rows · ⑦ ⑧ diagonals": "たて ① ② ③ · よこ ④ ⑤ ⑥ · ななめ ⑦ ⑧",
    "The empty place is refilled from the deck once the joker is placed.":
        "ジョーカーを置いたあと、空白の１か所に山札から補充します。",
    "The {n} empty places are refilled from the deck once the joker is placed.":
        "ジョーカーを置いたあと、空白の{n}か所に山札から補充します。",
    "Once the joker is placed, the deck’s last card fills an empty place and the game ends.":
        "ジョーカーを置いたあと、山札の最後の１枚を補充して、ゲームは終了します。",
    "Once the joker is placed, the deck’s last {n} cards fill the empty places and the game ends.":
        "ジョーカーを置いたあと、山札の最後の{n}枚を補充して、ゲームは終了します。",
    "no cards yet": "まだカードなし",
    "the joker, to place: it counts nothing until it is placed": "置く前のジョーカー：置くまでは数えません",
    "to place": "置き場所を選ぶ",
    "joker: counts {value}; nobody sees the card under it": "ジョーカー：{value}として扱う（中身は誰も見ません）",
    "counts only {value}": "減点は{value}のみ",
    "costs {cost} once the joker is placed": "ジョーカーを置くと減点 {cost}",
    "costs {cost}": "減点 {cost}",
    "<b>{n}</b> cards → <b>{points}</b>": "<b>{n}</b>枚 → <b>{points}</b>",
    "safe {n} × {card} = {gain} · row {cost} → {points}": "金庫 {n} × {card} = {gain} · 列 {cost} → {points}",
    "an empty place: nothing to take": "空白があります：獲得できません",
    "both show {n}: two equal numbers can never be taken together": "どちらも{n}：同数のカードを同時には獲得できません",
    "all three show {n}: two equal numbers can never be taken together":
        "３枚とも{n}：同数のカードを同時には獲得できません",
    "no two different numbers": "異なる数字の２枚がありません",
    "Row": "列", "Safe": "金庫", "Points": "得点", "{n} cards": "{n}枚", "row": "列", "safe": "金庫",
    "Largest": "最も大きい数字", "Place": "順位",  # "Total", "point(s)": the kit's words
    "Half 1": "前半戦", "Half 2": "後半戦", "Half 1: ": "前半戦：", "Half 2: ": "後半戦：",
    "Game {games} · The first half is over": "ゲーム{games} · 前半戦終了",
    "Game {games} is over": "ゲーム{games}終了",
    " · Half <b>{half}</b> of 2 ({cards} cards)": " · 第<b>{half}</b>戦／全2戦（{cards}枚）",
    "Game {games}{half} · Deck <b>{deck}</b> cards": "ゲーム{games}{half} · 山札 <b>{deck}</b>枚",
    "to play": "手番", "joker in hand: to place": "ジョーカーを置く", "no joker taken": "ジョーカー獲得なし",
    "joker not taken yet": "ジョーカー未獲得", "joker taken": "ジョーカー獲得済み",
    "bot · {name}": "ボット · {name}", "greedy": "欲張り", "lookahead": "先読み", "random": "ランダム",
    "from the worst to the best place of the joker, still to be placed": "ジョーカーの置き場所しだい（最悪〜最善）",
    "Highest total wins.": "最終得点が最も高いプレイヤーの勝ち。",
    " {tied} tie on {total}: the largest value in the row decides ({who})":
        " {tied}が{total}点で同点：目の前に並べた最も大きい数字で決まります（{who}）",
    " {tied} tie on {total}: the largest value in the last row decides ({who})":
        " {tied}が{total}点で同点：後半戦の列の最も大きい数字で決まります（{who}）",
    " and ": "と", ".": "。", ", ": "、",
    "; still tied, they share the place.": "。それも同数なので、勝利を分かち合います。",
    "The first half is over. Each row and safe:": "前半戦終了。各プレイヤーの列と金庫：",
    "The second half starts from 0 with the other 27 cards; both may take a joker again. The halves add up.":
        "後半戦は残りの27枚で、お互い０点から始めます。ジョーカーは再び獲得できます。前半戦と後半戦の得点を合算します。",
    "Game over. The second half's rows and safes:": "ゲーム終了。後半戦の列と金庫：",
    "Game over. Each row and safe:": "ゲーム終了。各プレイヤーの列と金庫：",
    "The first half is over. Read the rows above, then play the second half.":
        "前半戦が終わりました。上の列を確かめてから、後半戦へ。",
    "{who} the second half.": "後半戦は{name}から始めます。",
    "Your turn: take two different numbers from one line, or once per game the joker.":
        "あなたの手番：１方向から数字の異なる２枚を獲得するか、ゲーム中１回だけジョーカーを獲得。",
    "Your turn: take two different numbers from one line (your joker is used).":
        "あなたの手番：１方向から数字の異なる２枚を獲得（ジョーカーは獲得済み）。",
    "Pairs go to your safe: +2 a card. Cards left in your row cost their value; "
    "a run of three or more costs only its lowest card.":
        "ペアは金庫へ：１枚につき２点。列に残ったカードは数字ほど減点。３連続以上のまとまりは最も低い数字のみ減点。",
    "Until it is placed your joker counts nothing, so your points read {points}: the worst and the best place. ":
        "置くまでジョーカーは数えないので、得点は{points}（最悪と最善の置き場所）。",
    "It stands right of {anchor} now: keep it there or move it. ": "いまは{anchor}の右隣：そのままか、置き直すか。",
    "Place your joker: right of one of your number cards, where it counts that number + 1.":
        "ジョーカーを置く：自分の数字カードの右隣に置き、その数字＋１として扱います。",
    "Each button shows what your row would then cost and your points. ": "各ボタンに、そのときの列の減点と得点が出ます。",
    "You choose again at the end of each of your turns.": "自分の手番の終わりごとに置き直せます。",
}

# The log (the narrator's sentences) and the coach.
LOG_JA = {
    "Cards dealt{half}: {who}.": "カードを並べました{half}：{name}から。",
    " for half 1": "（前半戦）", " for half 2": "（後半戦）",
    "All eight face-up cards show {value}: back into the deck, shuffled, dealt again.":
        "おもて向きの８枚が全て{value}：山札にいれてシャッフルし、並べ直します。",
    "All eight face-up cards show {value} and so does the whole deck: the game ends.":
        "おもて向きの８枚も山札も全て{value}：ゲーム終了。",
    "{who} {value.a} and {value.b} from line {line}.": "{name}が{line}から{value.a}と{value.b}を獲得。",
    "{who} the joker (the deck's top card, face down).": "{name}がジョーカーを獲得（山札の一番上、裏向き）。",
    "{who} a pair of {value}s in the safe (+{safe}).": "{name}が{value}のペアを金庫へ（＋{safe}）。",
    "{who} the joker {where}.": "{name}がジョーカーを{where}に置く。",
    "right of {anchor} (= {value})": "{anchor}の右隣（＝{value}）",
    "alone (= 11)": "単独（＝11）",
    "First half over: {said}.": "前半戦終了：{said}。",
    "Game over: {said}.": "ゲーム終了：{said}。",
    "the joker": "ジョーカー",
    "the lookahead bot's choice": "先読みボットの選択",
    "The deck is empty: no card is turned up again.": "山札は空：もうカードはめくられません。",
    "Move": "手", "Your score changes by": "得点の変化",
    "P(the next card turned up pairs with a single in your row)": "P（次にめくられるカードが列のカードとペアになる）",
    "The score counts the joker at its best place. Every card nobody has seen is equally likely "
    "to be the next one turned up, so the chance is (unseen copies of your singles) / (unseen cards).":
        "得点はジョーカーを最善の場所に置いて数えます。誰も見ていないカードはどれも同じ確率で次にめくられるので、"
        "確率は（列のカードと同じ数字の、誰も見ていないカード）÷（誰も見ていないカード）です。",
}

HELP_JA = """<details class="cl-help"><summary>ディスコンティニュイティの遊び方</summary>
<p>ペアーズのデッキは１が１枚、２が２枚、…、１０が１０枚。<b>山札</b>を囲んで８枚のカードがおもて向きで
３×３に並びます。<b>方向</b>は①〜⑧：たて ① ② ③、よこ ④ ⑤ ⑥、ななめ ⑦ ⑧（② ⑤ ⑦ ⑧ は山札を通るので２枚）。</p>
<p>手番では、<b>１方向から数字の異なる２枚</b>を獲得します（同数のカードを同時には獲得できません）。または
<b>ゲーム中１回だけ</b>、山札の一番上を裏向きで<b>ジョーカー</b>として獲得します。空白には山札から補充し、
山札がなくなったらゲーム終了です。</p>
<p>獲得したカードは目の前に<b>一列</b>に並べます。同数の２枚は即座に<b>金庫</b>へ：<b>１枚につき２点</b>。
列に残ったカードは数字ほど減点しますが、<b>３連続以上</b>のまとまりは<b>最も低い数字のみ</b>減点です
（枠で囲んで「減点は…のみ」）。<b>最終得点が最も高いプレイヤーの勝ち</b>。同数なら、より大きい数字を
並べているプレイヤーの勝ちです。</p>
<p><b>ジョーカー</b>（金色）は自分の数字カードの<b>右隣</b>に置き、その数字＋１として扱います（単独なら１１）。
置き場所は自分の手番の終わりごとに選び直せます。ジョーカーの中身は誰も見ません。</p>
<p>２人で遊ぶ場合は山札を半分に分け（28枚と27枚）、前半戦と後半戦を行います。後半戦は相手がスタート
プレイヤーです。得点は合算します。「2人（山札すべてで1ゲーム）」は山札すべてで１ゲーム遊びます
（ルールシートにはない遊び方です）。</p></details>"""

WORDS_JA: dict[str, str] = {**LINES_JA, **BUTTONS_JA, **TABLE_JA, **LOG_JA}
