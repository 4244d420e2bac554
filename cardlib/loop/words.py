"""Loop's words in Japanese, as the sheet (ループ, 齋藤隆) writes the game's terms: the catalog the app's
``say`` reads (``cardlib.ui.words``) and the help. English is written in the code; this maps it.

The sheet's terms: ノーマルラウンド / ループラウンド (the rounds), スタートプレイヤー (スタP, the start
player), リード (the lead), シングル, ペア, スリーカード and 連番 (single, pair, three of a kind, run),
パス, どんでん and どんでん返し, アガリ (going out), 順位 and 順位カード (rank), 席 (chair), 手札 (hand),
伏せて置く (set aside face down), 基本の得点 (base points), 最下位 (last place), セット, ロングゲーム.

>>> WORDS_JA["Pass"], WORDS_JA["Runs"], WORDS_JA["Loop"]
('パス', '連番', 'ループ')
"""
from __future__ import annotations

HELP_JA = """<details class="cl-help"><summary>ループの遊び方</summary>
<p>ループは2〜4人で遊ぶ、手札を出し切ることを目指すゲームです。カードは1〜15の数字が赤・青・黄の3色で45枚。
各席に11枚ずつ配り、全員がまず不要なカードを<b>2枚伏せて</b>置きます。</p>
<p><b>リード</b>はシングル（1枚）、ペア、スリーカード、<b>連番</b>（同じ色で数字が連続した2枚以上）のどれでも出せます。
続く人は<b>同じ枚数・同じ形式で、より強い</b>カード（大きい数字。連番はいちばん小さい数字で比べる）を出すか、パスします。
パスしても次の手番でまた出せます。ほかの全員がパスしたら、最後に出した人が次のリードです。
<b>8</b>を含む組み合わせが出たら、その場は<b>止まり</b>、出した人が次のリードです。</p>
<p><b>どんでん</b>：8を伏せていたら、自分の手番に公開して宣言できます。ラウンドの終わりまで強弱が逆になり、1が最も強くなります。
もう一度宣言されると<b>どんでん返し</b>で元に戻ります。</p>
<p>手札を出し切ったらアガリ。順位で得点します（4人：4/2/1/0点、3人：3/1/0点、2人：2/0点）。出したカードは
<b>自分の席の前</b>に置いたままにします。次の<b>ループラウンド</b>では配り直さず、最下位から順に席を選び（3〜4人では前と違う席）、
その席の11枚でプレイします。席の得点は基本の得点＋（その席の前の順位 − 自分の順位）。全員2点から始め、
誰かが12点（4人）・10点（3人）・7点（2人）以上になったラウンドでゲーム終了です。</p></details>"""

WORDS_JA: dict[str, str] = {
    # the app, its menu and its buttons
    "Loop": "ループ",
    ", long game": "・ロングゲーム",
    "Points by round (the highest total wins)": "ラウンドごとの得点（合計が最も多い人の勝ち）",
    "Go on: from last place up, everyone chooses a chair for the next round":
        "続ける：最下位から順に次のラウンドの席を選びます",
    " (sets won)": "（獲得セット数）",
    " (the highest total wins)": "（合計が最も多い人の勝ち）",
    "Set {n} is over: read the points, then deal the next set.": "セット{n}終了：得点を確かめて、次のセットを配ります。",
    "Round {n} is over: read the ranks and points, then choose chairs for the next round.":
        "ラウンド{n}終了：順位と得点を確かめて、次のラウンドの席を選びます。",
    "Game over after {n} sets.": "{n}セットでゲーム終了。",
    "Game over after 1 round.": "1ラウンドでゲーム終了。",
    "Game over after {n} rounds.": "{n}ラウンドでゲーム終了。",
    "Set aside {card} and one more": "{card}ともう1枚を伏せる",
    "Set aside 2 cards: click one": "伏せるカード2枚：1枚目をクリック",
    "Set aside {cards}": "{cards}を伏せる",
    "Set aside {card} and": "{card}と一緒に伏せる",
    "Back": "戻る",
    "Choose another first card": "1枚目を選び直す",
    "Take chair {chair} and its 11 cards; it pays {pays}": "席{chair}とその11枚を取る。得点：{pays}",
    "Sit in": "座る席",
    "Or": "または",
    "Nothing of yours beats it": "出せるカードがありません",
    "15 becomes strongest again": "15がまた最も強くなる",
    "1 becomes strongest": "1が最も強くなる",
    "Donden (reveal {card})": "どんでん（{card}を公開）",
    "Donden": "どんでん",
    "Reveal your set-aside 8: {words} until the round ends (or the next donden); then play or pass":
        "伏せた8を公開：ラウンドの終わり（または次のどんでん）まで{words}。そのあと出すかパス",
    "Pass": "パス",
    "Play nothing now: you may play again when your turn comes round": "今回は出さない：次の手番でまた出せます",
    "Beat {combo} with": "{combo}より強いカード",
    "Show the plays of this form": "この形式の出し方を表示",
    "Lead: choose a form": "リード：形式を選ぶ",
    "Choose another form": "ほかの形式を選ぶ",
    "Chair {chair}": "席{chair}",
    # combinations and cards
    "Singles": "シングル",
    "Pairs": "ペア",
    "Three of a kind": "スリーカード",
    "Runs": "連番",
    "Runs of {n}": "{n}枚の連番",
    "a single {n}": "シングルの{n}",
    "a pair of {n}s": "{n}のペア",
    "three {n}s": "{n}のスリーカード",
    "a {colour} run {low}–{high}": "{colour}の連番{low}–{high}",
    "red": "赤",
    "blue": "青",
    "yellow": "黄",
    " (revealed for donden)": "（どんでんで公開）",
    " (stops)": "（8で止まる）",
    "Play {combo}": "{combo}を出す",
    ": an 8 stops the trick, and you lead next": "：8で場が止まり、次はあなたがリード",
    # the table
    "none": "なし",
    "empty": "なし",
    "not yet": "まだ",
    "nothing yet": "まだなし",
    "Donden: 1 is strongest now (15 weakest)": "どんでん：いまは1が最も強い（15が最も弱い）",
    "15 is strongest, 1 weakest": "15が最も強く、1が最も弱い",
    "setting aside": "カードを伏せる番",
    "choosing a chair": "席を選ぶ番",
    "to play": "手番",
    "out: {rank}": "アガリ：{rank}",
    "played the trick": "場に出した",
    "passed": "パス",
    "donden ×{n}": "どんでん ×{n}",
    "Hand ({n})": "手札 ({n})",
    "Set aside": "伏せたカード",
    "Known": "わかっている札",
    "Cards you know this player holds, in the hand or set aside: played at this chair last round, "
    "or once in your own hand": "この人が持っているとわかっているカード（手札か伏せたカード）：前のラウンドにこの席で出されたか、"
                                "あなたが持っていたカード",
    "Played ({n})": "出したカード ({n})",
    "chair {chair}": "席{chair}",
    " (start)": "（スタP）",
    "{name} bot": "{name}ボット",
    "search": "探索",
    "climber": "クライマー",
    "random": "ランダム",
    "sets won {n}": "獲得セット {n}",
    "pays {pays}": "得点 {pays}",
    "{cards} revealed by {name}": "{name}が{cards}を公開",
    "Donden: 1 is strongest now": "どんでん：いまは1が最も強い",
    "Donden twice: 15 is strongest again": "どんでん返し：15がまた最も強い",
    "{combo} by {name}": "{name}の{combo}",
    " · passed: {names}": " · パス：{names}",
    "Trick": "場",
    "8 stops the trick: {name} lead": "8で止まりました：{name}がリード",
    "Everyone else passed: {name} lead": "ほかの全員がパス：{name}がリード",
    "{name} lead the first trick": "{name}が最初にリード",
    "any single, pair, three of a kind or run may be led": "シングル・ペア・スリーカード・連番のどれでもリードできます",
    "Everyone sets 2 cards aside, in chair order from the start chair ({start})":
        "スタPの席（{start}）から席の順に、全員がカードを2枚伏せます",
    "Out: {players}": "アガリ：{players}",
    "The set is over: the next set is dealt, everyone at 2 points.": "セット終了：次のセットを配り、全員2点から始めます。",
    "The round is over: the cards stay in front of their chairs.": "ラウンド終了：カードはそれぞれの席の前に置いたままです。",
    # the chair choice
    "taken by {name}": "{name}が選びました",
    "you may sit here": "座れます",
    "not for you: your chair last round": "座れません：前のラウンドのあなたの席",
    "not for you now": "いまは座れません",
    "Not played ({n})": "出していないカード ({n})",
    "Pays": "得点",
    "points for each finishing rank in this chair": "この席での順位ごとの得点",
    "{name} played here and finished {rank}": "{name}がこの席で{rank}",
    "Taken by {name}": "{name}が選びました",
    "You sat here last round: with 3 or 4 players you must move": "前のラウンドの席です：3〜4人プレイでは席を移動します",
    "Taking it would leave a player after you no chair but their own":
        "ここに座ると、あとの人が前と同じ席にしか座れなくなります",
    # the log
    "the next player still in leads": "残っている次のプレイヤーがリード",
    "{who} lead": "{who}がリード",
    "The cards are dealt: 11 to each chair, the rest unused; everyone has 2 points.":
        "各席に11枚ずつ配りました（余りは使いません）。全員2点から始めます。",
    "Set {n}: a fresh deal, everyone back to 2 points; the chairs stay as they are.":
        "セット{n}：配り直し、全員2点に戻ります。席はそのままです。",
    "{who} show three 8s ({cards}): 1 point, and every hand is dealt again.":
        "{who}は8を3枚公開（{cards}）：1点を受け取り、手札を配り直します。",
    "Round {n} ({kind}); {who} start.": "ラウンド{n}（{kind}）：{who}から始めます。",
    "the first, normal round": "最初のノーマルラウンド",
    "a loop round: each chair's 11 cards": "ループラウンド：各席の11枚",
    "{who} set 2 cards aside.": "{who}はカードを2枚伏せました。",
    "{who} reveal {eight}: donden! 1 is strongest now.": "{who}は{eight}を公開：どんでん！いまは1が最も強い。",
    "{who} reveal {eight}: donden! Donden back: 15 is strongest again.":
        "{who}は{eight}を公開：どんでん返し！15がまた最も強い。",
    "{who} play {cards} ({combo}).": "{who}は{cards}を出しました（{combo}）。",
    "{who} go out: {rank}.": "{who}はアガリ：{rank}。",
    "8 stops the trick: {lead}.": "8で止まりました：{lead}。",
    "{who} pass: everyone else passed, so {lead} a new trick.": "{who}はパス。ほかの全員がパスしたので、{lead}します。",
    "{who} pass.": "{who}はパス。",
    "The round is over: {ranks}. Totals: {totals}.": "ラウンド終了：{ranks}。合計：{totals}。",
    "{who} take chair {chair}.": "{who}は席{chair}に座りました。",
    "{who} win the set.": "{who}がセットを獲得しました。",
    "The game is over: {totals}.": "ゲーム終了：{totals}。",
    " and ": "と",
    # the round's panel and the scoreboard
    "{bonus} (its last occupant came {rank})": "{bonus}（この席の前の順位は{rank}）",
    "Round {n} ({kind})": "ラウンド{n}（{kind}）",
    "a loop round": "ループラウンド",
    "the normal round": "ノーマルラウンド",
    " {who} have the most points ({best}): the set is over.": " {who}が最多得点（{best}点）：セット終了です。",
    " {who} have the most points ({best}): the game is over.": " {who}が最多得点（{best}点）：ゲーム終了です。",
    " A total reached {target}.": " 合計が{target}点に達しました。",
    " Next, from last place up, everyone chooses a chair (with 3 or 4 players, another one).":
        " 次は最下位から順に席を選びます（3〜4人プレイでは前と違う席）。",
    " Nobody has {target} points yet.": " まだ誰も{target}点に達していません。",
    "Place": "順位",
    "Player": "プレイヤー",
    "Chair": "席",
    "Base": "基本の得点",
    "Chair bonus": "席の増減",
    "Round": "ラウンド",
    "Total": "合計",
    "{what} is over.": "{what}終了。",
    "A total never drops below 0.": "合計点数がマイナスになることはありません。",
    "First out": "1位",
    "Set.round": "セット.ラウンド",
    "no round finished yet": "終わったラウンドはまだありません",
    "Everyone starts with 2 points; a round that ends with someone at {target} or more ends the set. "
    "Sets won: {won}.": "全員2点から始めます。誰かが{target}点以上でラウンドを終えるとセット終了。獲得セット：{won}。",
    "Everyone starts with 2 points; a round that ends with someone at {target} or more ends the game.":
        "全員2点から始めます。誰かが{target}点以上でラウンドを終えるとゲーム終了です。",
    # the header and the prompts
    "normal round": "ノーマルラウンド",
    "loop round": "ループラウンド",
    "round {n} ({kind}) is over": "ラウンド{n}（{kind}）終了",
    "choosing chairs for round {n}": "ラウンド{n}の席選び",
    "round {n} ({kind})": "ラウンド{n}（{kind}）",
    "Game {n}": "ゲーム{n}",
    "set {n} (first to 2 sets)": "セット{n}（2セット先取）",
    "<b>{target}</b> points end the set": "<b>{target}</b>点でセット終了",
    "<b>{target}</b> points end the game": "<b>{target}</b>点でゲーム終了",
    "Set aside {card} and which other card?": "{card}と一緒に伏せるカードは？",
    "Click the second card, or Back to start again.": "2枚目をクリックするか、「戻る」でやり直します。",
    "Set 2 cards aside, face down: click one, then the other.": "不要なカードを2枚伏せます：1枚ずつクリックしてください。",
    "They stay at your chair this round. A set-aside 8 lets you declare donden later.":
        "このラウンドのあいだ席に伏せたままです。8を伏せておくと、あとで「どんでん」を宣言できます。",
    "Choose your chair for the next round: you will play the 11 cards lying there.":
        "次のラウンドの席を選んでください：その席の11枚でプレイします。",
    "A chair pays the normal points for your rank plus (its last occupant's rank − yours).":
        "席の得点は、順位の基本の得点＋（その席の前の順位 − あなたの順位）です。",
    " Or declare donden first.": " 先に「どんでん」を宣言することもできます。",
    "{order}.": "{order}。",
    "Lead {form}: which one?": "{form}をリード：どれを出しますか？",
    "Or Back to choose another form.": "または「戻る」でほかの形式を選びます。",
    "Your lead: play any single, pair, three of a kind or run of one colour.":
        "あなたのリード：シングル・ペア・スリーカード・同じ色の連番のどれでも出せます。",
    "{order} An 8 stops the trick and you lead again.": "{order} 8を出すと場が止まり、もう一度あなたがリードします。",
    "{n} of your plays beat it.": "出せる組み合わせは{n}通り。",
    "Nothing in your hand beats it: pass.": "出せるカードがありません：パス。",
    "lower": "小さい数字",
    "higher": "大きい数字",
    ", by the lowest card": "、連番はいちばん小さい数字で比べる",
    "Beat {combo} by {name}: the same form and size, stronger ({how}), or pass.":
        "{name}の{combo}に、同じ枚数・同じ形式でより強いカード（{how}）を出すか、パス。",
}
