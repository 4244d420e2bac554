"""Twenty-five in Japanese: the game's terms and buttons as the rule sheet writes them (stdlib only).

The sheet (shared/seeds/twenty-five.ja.txt) names the moves カードを引く (2.(1)), カードを公開する
(2.(2)) and パス (3.); the cards 手札, 場札 (1.) and 山札 (1.); pairs are counted in 組 (0.), points
are 点 (3.), a round is a ラウンド and the first player the スタートプレイヤー (1., 3.). The title
stays "Twenty-five", as the sheet writes it. The coach names its odds 確率: the naive ones 単純な確率,
those that use the reveals 事後確率 (a 条件付き確率), and a pass's expected points 得点の期待値.

>>> WORDS_JA["Draw"], WORDS_JA["Pass"], WORDS_JA["Field"]
('カードを引く', 'パス', '場札')
"""
from __future__ import annotations

WORDS_JA: dict[str, str] = {
    # the buttons and their tooltips
    "Draw": "カードを引く",
    "Pass": "パス",
    "Reveal {n}": "{n}を公開する",
    "Reveal {n} (highest)": "{n}を公開する（最も大きい）",
    "Take the top card of the draw pile, then reveal a card": "山札からカードを一枚引いて、カードを公開する",
    "Bet that the pairs in play now exceed 25 (ends the round)": "ペアの数が25を超えたと判断してパスを宣言する（ラウンド終了）",
    "Nobody may pass on a round's first turn: nobody has drawn yet":
        "ラウンドの最初の手番ではパスできません：まだ誰もカードを引いていません",
    "The draw pile is empty: the only move left is to pass": "山札がありません：パスを宣言するしかありません",
    "Your highest card": "手札で最も数字の大きいカード",
    "Your {five}: allowed instead of the highest": "{five}のカード：最も大きいカードの代わりに公開してよい",
    "The coach shows what you can count from the cards you see": "見えているカードから計算できる確率をコーチが示します",
    # the header, the seats and the scoreboard
    "Game {games} · Round {n} is over": "ゲーム{games} · ラウンド{n}終了",
    "Game {games} · Round {n} · Draw pile <b>{pile}</b> cards · Cards in play <b>{cards}</b>":
        "ゲーム{games} · ラウンド{n} · 山札 <b>{pile}</b>枚 · 場のカード <b>{cards}</b>枚",
    "to play": "手番",
    "started": "スタートプレイヤー",
    "drew last": "最後に引いた",
    "passed": "パス",
    "no cards": "カードなし",
    "no field cards yet": "場札はまだない",
    "no field cards": "場札なし",
    "Hand ({n})": "手札（{n}）",
    "Field": "場札",
    "bot · the coach: passes when the exact odds favour it": "ボット · コーチ：正確な確率が有利ならパス",
    "bot · the coach: passes when the {model} odds favour it": "ボット · コーチ：{model}の確率が有利ならパス",
    "bot · passes once {n} cards are in play{fives}": "ボット · 場のカードが{n}枚になったらパス{fives}",
    ", reveals a 5 when it can": "、5を公開できれば公開する",
    "bot · {name}": "ボット · {name}",
    "Passer": "パスした人",
    "Pairs": "ペア",
    "Round": "ラウンド",
    "no round finished yet": "終わったラウンドはまだない",
    # a round's count
    "{number} ×{copies} → {pairs} pair": "{number} ×{copies} → {pairs}組",
    "{number} ×{copies} → {pairs} pairs": "{number} ×{copies} → {pairs}組",
    "One card only, no pair: {numbers}.": "1枚だけでペアにならない：{numbers}。",
    "Round {n}: {name} passed. Every card in play, counted number by number:":
        "ラウンド{n}：{name}がパスを宣言しました。すべてのカードを数字ごとに数えると：",
    "Total: {sums} = <b>{pairs} pairs</b> among {cards} cards in play.":
        "合計：{sums} = <b>{pairs}組</b>（場のカード{cards}枚）。",
    "{pairs} is fewer than 25: {passer} passed too early and {takes} 10 points.":
        "{pairs}組は25未満：{passer}のパスは早すぎたので、{passer}が10点を得る。",
    "{pairs} is more than 25: {passer} passed in time, so {passed}, the last to draw, {takes} {pairs} − 25 = {points} points.":
        "{pairs}組は25より多い：{passer}のパスは成功。最後にカードを引いた{passed}が{pairs} − 25 = {points}点を得る。",
    "Exactly 25: everyone except {passer} takes 10 points.": "ちょうど25組：{passer}以外の全員が10点を得る。",
    "Round {n} is over. Read the count above, then deal the next round.":
        "ラウンド{n}終了。上の集計を読んでから、次のラウンドを配ってください。",
    "{name} {starts} the next round (the passer always does).":
        "次のラウンドのスタートプレイヤーは{name}です（直前にパスを宣言したプレイヤー）。",
    # the prompts
    "You drew a card. Now put one card face up: your highest ({high}) or your 5.":
        "カードを引きました。手札から1枚を場札として公開してください：最も大きい{high}か、5。",
    "Opening reveal — put one card face up: your highest ({high}) or your 5.":
        "最初の公開：手札から1枚を場札として公開してください：最も大きい{high}か、5。",
    "Revealing a 5 hides how high your hand is; any other reveal tells everyone it was your highest card.":
        "5を公開すれば手札の大きさを隠せます。ほかのカードを公開すると、それが最も大きいカードだったと全員に分かります。",
    "Your turn: the round's first turn, so you must draw.": "あなたの手番：ラウンドの最初の手番なので、カードを引きます。",
    "{why}.": "{why}。",
    "Your turn: {why}.": "あなたの手番：{why}。",
    "Your turn: draw a card, or pass if you think the pairs in play now exceed 25.":
        "あなたの手番：カードを引くか、ペアの数が25を超えたと判断したらパスを宣言します。",
    "If you pass: fewer than 25 pairs, you take 10; more than 25, {name} (who drew last) takes the excess over 25; "
    "exactly 25, everyone else takes 10.":
        "パスすると：25組未満ならあなたが10点、25組より多ければ最後にカードを引いた{name}が「ペアの数-25」点、"
        "ちょうど25組ならあなた以外の全員が10点を得ます。",
    # the log
    "Round {n} — cards dealt, {name} {starts}.": "ラウンド{n}：カードが配られました。スタートプレイヤーは{name}。",
    "{name} {draws} and {reveals} {value}.": "{name}がカードを引き、{value}を公開しました。",
    "{name} {draws}.": "{name}がカードを引きました。",
    "{name} {reveals} {value}.": "{name}が{value}を公開しました。",
    "{name} {passes}: betting the pairs exceed 25.": "{name}がパスを宣言しました：ペアの数が25を超えたと判断。",
    "Round {n} over: {pairs} pairs in play; {points}.": "ラウンド{n}終了：ペアは{pairs}組。{points}。",
    "no points": "得点なし",
    # the end of a game and the coach's pause
    "Game over after {n} rounds.": "{n}ラウンドでゲーム終了。",
    "You lose: the highest total loses.": "あなたの負け：最も得点の高いプレイヤーが敗者です。",
    " (lowest total wins)": "（得点の低い順）",
    "Coach": "コーチ",
    "The round is over: every card is on the table. Check the count above.":
        "ラウンド終了：すべてのカードが公開されました。上の集計を確かめてください。",
    # the coach panel (coach.py): naive odds are 単純な確率, informed ones 事後確率 (条件付き確率)
    "Coach: exact chances from the cards you see": "コーチ：見えているカードから計算した正確な確率",
    "Cards in play: <b>{cards}</b>. You see {seen} of them (your hand and every field card); "
    "they already make <b>{pairs}</b> pairs. {hidden} are hidden in other hands.":
        "場のカード：<b>{cards}</b>枚。そのうち{seen}枚（あなたの手札とすべての場札）が見えていて、"
        "すでに<b>{pairs}</b>組のペアになっています。残りの{hidden}枚はほかのプレイヤーの手札に隠れています。",
    "Naive": "単純な確率",
    "hidden cards: any you have not seen": "見えていないカードは、まだ見ていないどのカードでもありうる",
    "Informed": "事後確率",
    "also uses what the reveals say": "公開された場札から分かることも条件にした条件付き確率",
    "The pairs in play now are …": "いまのペアの数は…",
    "more than 25": "25組より多い",
    "a pass is right: the last to draw takes pairs − 25": "パスが正解：最後にカードを引いたプレイヤーが「ペアの数-25」点を得る",
    "exactly 25": "ちょうど25組",
    "everyone but the passer takes 10": "パスを宣言した以外の全員が10点を得る",
    "fewer than 25": "25組未満",
    "the passer takes 10": "パスを宣言したプレイヤーが10点を得る",
    "If you pass now: expected points to each player (points are bad)":
        "いまパスを宣言した場合の各プレイヤーの得点の期待値（点は少ないほど良い）",
    "you pass: 10 if fewer than 25": "パスした人：25組未満なら10点",
    "drew last: pairs − 25 if more, 10 if exactly 25": "最後に引いた：25組より多ければ「ペアの数-25」点、ちょうど25組なら10点",
    "10 if exactly 25": "ちょうど25組なら10点",
    "It is not your turn: you can pass only on your own turn.": "あなたの手番ではありません：パスは自分の手番にしか宣言できません。",
    "Opening reveals: nobody may pass before someone has drawn.": "最初の公開：誰かがカードを引くまでパスはできません。",
    "You have drawn, so you cannot pass this turn: put a card face up first.":
        "カードを引いたので、この手番ではパスできません：まず手札から1枚を場札として公開してください。",
    "{why}. The chances above still say how the round stands.": "{why}。それでも上の確率がラウンドの状況を示しています。",
    "{name} is choosing a card to reveal: they hold a 5 under a higher card.":
        "{name}は公開するカードを選んでいます：手札に5と、それより大きいカードがあります。",
    "{name} has not revealed a card yet.": "{name}はまだカードを公開していません。",
    "{name}'s hidden cards can be anything up to 10: {why}.": "{name}の見えていない手札は10までのどの数字でもありえます：{why}。",
    "a 5 caps nothing": "5の公開は手札の大きさについて何も示さない",
    "nothing they have shown rules out a 10": "公開された場札からは10を除外できない",
    "{name}'s hidden cards are all {cap} or lower: {why}.": "{name}の見えていない手札はすべて{cap}以下です：{why}。",
    "their last reveal, {cap}, was their highest card then": "最後に公開した{cap}が、そのとき手札で最も大きいカードだった",
    "{cap} is the smallest card they have shown (a higher card shown later was the card just drawn)":
        "{cap}は公開した場札のうち最も小さい（あとで公開したより大きいカードは、引いたばかりのカードだった）",
    "no higher copy is left unseen": "それより大きいカードは、見えていないものが残っていない",
    "Why naive and informed differ:": "単純な確率と事後確率の違い：",
    "naive treats each hidden card as any card you have not seen; informed also uses the reveals, "
    "because a card other than a 5 was the highest card in that hand when it was revealed.":
        "単純な確率は、見えていないカードをまだ見ていないどのカードでもありうるとして数えます。事後確率は公開された場札も"
        "条件に使います。5以外のカードは、公開されたときその手札で最も大きいカードだったからです。",
    "Here both give exactly the same chance of more than 25.": "ここでは、25組より多くなる確率はどちらもまったく同じです。",
    "Here the reveals barely move the chance of more than 25: both round to {p}.":
        "ここでは公開による25組より多くなる確率の変化はわずかです：どちらも四捨五入すると{p}。",
    "Here the reveals take the chance of more than 25 from {naive} (naive) to {informed} (informed).":
        "ここでは公開された場札により、25組より多くなる確率が{naive}（単純な確率）から{informed}（事後確率）に変わります。",
}

HELP_JA = """<details class="cl-help"><summary>Twenty-five の遊び方</summary>
<p>デッキは1が1枚、2が2枚……10が10枚。全プレイヤーの<b>手札</b>と表向きの<b>場札</b>をすべて合わせて、ペアの数を数えます。
同じ数字のカードがn枚あれば、ペアは n(n−1)/2 組（例：5枚で10組）。</p>
<p>手番では、<b>カードを引く</b>：山札から一枚引いて手札に加え、手札で最も数字の大きいカード（または5）を場札として
<b>公開する</b>。または<b>パス</b>：ペアの数が25を超えたと判断して宣言します（カードを引いてからパスはできません）。
パスでラウンドが終わり、すべての手札が公開されます。</p>
<p>25組未満ならパスを宣言したプレイヤーが10点。25組より多ければ最後にカードを引いたプレイヤーが「ペアの数-25」点。
ちょうど25組ならパスを宣言した以外の全員が10点。<b>得点は少ないほど良い</b>：得点が25を超えたプレイヤーが出たら
ゲーム終了、最も得点の高いプレイヤーの負けです。</p>
<p>オレンジの枠のカードは、あなたの最後の手番のあとに公開された場札です（経過の太字の行も同じ）。</p></details>"""
