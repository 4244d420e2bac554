"""SCOUT's words in Japanese, as the sheet (``shared/seeds/scout.ja.txt``) writes them: the app's catalog.

The sheet's terms: プレイ (show), スカウト (scout), ダブルアクション (Scout & Show, with its
ダブルアクションマーカー), 場札 (the active set), オーナー (its owner), 得点札 (score cards),
得点チップ (chips), 手札 (the hand), 連番 (a run), 同数 (a set), スタートプレイヤー, ラウンド, and
手札全体の上下をまとめて入れ替える (turning the whole hand around). Keys are the English of
``view.py`` and ``app.py``; ``cardlib.ui.words.Words`` falls back to the English for any other text.

>>> WORDS_JA["Show"], WORDS_JA["Active set"], WORDS_JA["Scout & Show"]
('プレイ', '場札', 'ダブルアクション')
"""
from __future__ import annotations

from cardlib.ui.words import KIT_JA

HELP_JA = """<details class="cl-help"><summary>スカウトの遊び方</summary>
<p>スカウト（SCOUT）は3～5人用のカードゲームです（2人用の公式バリアントもあります）。カードには異なる2つの数字が
上下に書かれていて、上の数字を使います。</p>
<p>ゲーム中は<b>手札を並べ替えることはできません</b>。ただしラウンドの開始時に1度だけ、<b>手札全体の上下をまとめて
入れ替える</b>ことができます（並びが逆になり、各カードの数字も入れ替わります）。</p>
<p>手番では、手札の中で連続するカードの組合せ（1枚、<b>同数</b>、昇順または降順の<b>連番</b>。10と1は続きません）を
場札より強ければ<b>プレイ</b>し、場札を得点札にします。または<b>スカウト</b>：場札の両端のいずれか1枚を、手札の
好きな場所に上下好きな向きで差し込みます（場札のオーナーが得点チップを1枚受け取ります）。1ラウンドに1度だけ、
<b>ダブルアクション</b>でスカウトの後に即座にプレイできます。</p>
<p><b>強さ</b>：枚数が多い方が強く、同じ枚数なら連番より同数が強く、さらに同じなら一番小さい数字が大きい方が強い。</p>
<p>だれかが手札を出し切るか（i）、プレイしたカードに対して他の全員がスカウトのみを行ったとき（ii、そのプレイヤーは
手札の失点なし）、ラウンドが終了します。得点札と得点チップは1枚につき1得点、残りの手札は1枚につき1失点。
人数分のラウンドを行い、合計得点が一番高いプレイヤーが勝者です。</p></details>"""

WORDS_JA: dict[str, str] = {
    # the app: title, menu, scoreboard, pauses
    "SCOUT": "スカウト",
    **{f"{n} players": KIT_JA["{n} players"].format(n=n) for n in (3, 4, 5)},  # the menu's tables
    "2 players (variant)": "2人（公式バリアント）",
    "Points by round (score cards + chips − cards in hand)": "ラウンドごとの得点（得点札＋得点チップ－残りの手札）",
    " (the highest total wins)": "（合計得点が一番高いプレイヤーが勝者）",
    "Round {round} is over: read the points, then deal the next round.":
        "ラウンド{round}が終了しました。得点を確かめてから、次のラウンドを配ってください。",
    "Game over after {n} rounds.": "{n}ラウンドでゲーム終了。",
    # the buttons
    "Keep": "そのまま",
    "Keep the hand as dealt": "配られた手札をそのまま持つ",
    "Turn around": "上下を入れ替える",
    "Reverse the order and turn every card the other way up": "手札全体の上下をまとめて入れ替える（並びも逆になる）",
    "Show": "プレイ",
    "Show these cards: they beat the active set": "このカードをプレイ：場札より強い組合せ",
    "Show {where}: {cards}": "プレイ {where}: {cards}",
    "Scout": "スカウト",
    "Scout & Show": "ダブルアクション",
    "Scout &amp; Show (once a round)": "ダブルアクション（1ラウンドに1度）",
    "Take this card; next, choose where it goes": "このカードを獲得し、次に差し込む場所を選ぶ",
    "Scout left: {card}": "スカウト 左: {card}",
    "Scout right: {card}": "スカウト 右: {card}",
    "Scout: {card}": "スカウト: {card}",
    "Scout & Show left: {card}": "ダブルアクション 左: {card}",
    "Scout & Show right: {card}": "ダブルアクション 右: {card}",
    "Scout & Show: {card}": "ダブルアクション: {card}",
    "Put it in with the {card} on top, at position": "{card}を上にして差し込む位置",
    "Turned, with the {card} on top, at position": "上下を逆に、{card}を上にして差し込む位置",
    "at {to}": "{to}番目",
    "at {to}, turned": "{to}番目（上下逆）",
    "Make it card {to}": "手札の{to}枚目にする",
    "No show could follow: Scout & Show needs one": "その後にプレイできる組合せがない：ダブルアクションではプレイが必要",
    "Back": "戻る",
    "Choose another move": "別のアクションを選ぶ",
    # the table
    "{n} chip": "得点チップ{n}枚",
    "{n} chips": "得点チップ{n}枚",
    "{n} score card": "得点札{n}枚",
    "{n} score cards": "得点札{n}枚",
    "{n} scout token": "スカウトトークン{n}個",
    "{n} scout tokens": "スカウトトークン{n}個",
    "{n} card": "{n}枚",
    "{n} cards": "{n}枚",
    "{n} tokens left": "トークン残り{n}個",
    "{top} on top ({bottom} below)": "上が{top}（下は{bottom}）",
    "empty": "なし",
    "no group": "組合せではない",
    "a single card": "1枚",
    "a set of {n}": "{n}枚の同数",
    "a run of {n}": "{n}枚の連番",
    "Active set": "場札",
    " (the last show was {name}'s)": "（最後のプレイは{name}）",
    "none{owner}: any group may be shown": "なし{owner}：任意の組合せをプレイできます",
    "left": "左",
    "right": "右",
    "{kind}, shown by {name} (the owner)": "{kind}、{name}がプレイ（オーナー）",
    "to play": "手番",
    "keep or turn?": "そのまま？入れ替え？",
    "owner": "オーナー",
    "Scout & Show used": "ダブルアクション使用済み",
    "{name} bot": "{name}ボット",
    "greedy": "貪欲",
    "planner": "計画",
    "search": "探索",
    "Hand ({n})": "手札（{n}）",
    "Scored": "得点",
    "Left in hand": "残りの手札",
    "ended the round": "ラウンドを終了",
    "point this round": "点（このラウンド）",
    "points this round": "点（このラウンド）",
    "total {n}": "合計{n}点",
    "exempt: hand not counted": "失点なし：手札は数えない",
    "Game {games} · round {round} of {rounds} is over · {n} players": "ゲーム{games} · ラウンド{round}/{rounds}終了 · {n}人",
    "Game {games} · round {round} of {rounds} · started by Player {start} · {n} players":
        "ゲーム{games} · ラウンド{round}/{rounds} · スタートプレイヤー：プレイヤー{start} · {n}人",
    # the prompts
    "Now: {kept}. Turned around: {turned}.": "いま：{kept}。上下を入れ替えると：{turned}。",
    "Keep your hand as dealt, or turn it around (once, before the first turn)?":
        "手札をそのまま持ちますか、手札全体の上下を入れ替えますか（最初の手番の前に1度だけ）？",
    "Now show: a group that beats what is left of the active set.": "プレイしてください：残った場札より強い組合せを。",
    "Any group if nothing is left. It need not use the card you scouted.":
        "場札が残っていなければ任意の組合せ。スカウトしたカードを使う必要はありません。",
    "{move}: where does the {card} go, and which number on top?": "{move}：{card}をどこに、どちらの数字を上にして差し込みますか？",
    "Position 1 is the far left; 'turned' puts it in with the {card} on top.":
        "1番目が一番左。「上下逆」なら{card}が上になります。",
    "Your turn: show any group (nothing is on the table).": "あなたの手番：任意の組合せをプレイ（場札はありません）。",
    "{n} shows are possible.": "プレイできる組合せは{n}通り。",
    "{n} of your groups beat it.": "場札より強い組合せが{n}通りあります。",
    "Nothing in your hand beats it: scout.": "手札に場札より強い組合せがありません：スカウトしてください。",
    " Careful: everyone else has only scouted; if you scout too, the round ends.":
        " 注意：他の全員がスカウトのみを行いました。あなたもスカウトするとラウンドが終了します。",
    "Your turn: beat the {cards} ({kind}), or scout a card from one of its ends.":
        "あなたの手番：場札 {cards}（{kind}）より強い組合せをプレイするか、両端のいずれかからスカウト。",
    # the round's end
    "{ender} showed {their} last card: the round ends at once (i).": "{ender}が手札を出し切りました：即座にラウンド終了（i）。",
    "Everyone else only scouted since {ender_of} show, and the turn came back: the round ends (ii). "
    "{ender} lose{s} nothing for the cards in hand.":
        "{ender_of}プレイに対して他の全員がスカウトのみを行い、手番が戻りました：ラウンド終了（ii）。"
        "{ender}は残りの手札の失点がありません。",
    "{ender} could neither show nor scout (no token left, nothing beats the active set): the round ends. "
    "The owner loses nothing for the cards in hand.":
        "{ender}はプレイもスカウトもできません（トークンがなく、場札より強い組合せもない）：ラウンド終了。"
        "オーナーは残りの手札の失点がありません。",
    "your": "あなたの",
    "{name}'s": "{name}の",
    "{n} (exempt)": "{n}（失点なし）",
    "Score cards": "得点札",
    "Chips": "得点チップ",
    "Tokens left": "残りトークン",
    "Cards in hand": "残りの手札",
    "Round": "ラウンド",
    "Round {round} is over.": "ラウンド{round}終了。",
    "Started": "スタート",
    "no round finished yet": "まだ終わったラウンドはありません",
    # the log
    "Round {round}: the cards are dealt; {name} start{s}.": "ラウンド{round}：カードが配られました。スタートプレイヤーは{name}。",
    "{does} the hand.": "{Name}は手札をそのまま持ちます。",
    "{does} the whole hand around.": "{Name}は手札全体の上下を入れ替えました。",
    "card {n}": "{n}枚目",
    "cards {first}–{last}": "{first}–{last}枚目",
    "{does} {cards} ({where}): {kind}.": "{Name}が{cards}（{where}）をプレイ：{kind}。",
    ", taking {taken}.": "、{taken}を獲得。",
    "the left card": "左端のカード",
    "the right card": "右端のカード",
    "the only card": "ただ1枚のカード",
    ", turned: {card} on top": "（上下逆：{card}が上）",
    "{does} {side} ({number}) to position {to}{way}.": "{Name}が{side}（{number}）をスカウトし、{to}番目に差し込みました{way}。",
    "{uses} Scout & Show: {scout} {side} ({number}) to position {to}{way}.":
        "{Name}がダブルアクション：{side}（{number}）をスカウトし、{to}番目に差し込みました{way}。",
    "; {owner} get{s} a chip.": "。{owner}が得点チップを1枚獲得。",
    ", ": "、",
    "The round ends ({why}): {points}.": "ラウンド終了（{why}）：{points}。",
    "hand emptied": "手札を出し切った",
    "came back": "他の全員がスカウトのみ",
    "stuck": "手詰まり",
    "The game is over: {totals}.": "ゲーム終了：{totals}。",
}
