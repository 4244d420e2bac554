"""The Satori in Japanese, in the sheet's own words (seeds/the-satori.ja.txt): ザ・悟り, 悟りカード and
雑念カード, 手札, 山札 (one's pile), 手番, 「喝!」, 「悟りました」と宣言, パス, 脱落.

``WORDS_JA`` maps the app's English labels and templates to Japanese (cardlib.ui.words);
``NARRATION_JA`` holds the narrator's sentences, one an event (narrator.describe_ja).

>>> WORDS_JA["Katsu!"], WORDS_JA["Declare Satori!"], WORDS_JA["The Satori"]
('喝!', '「悟りました」と宣言する', 'ザ・悟り')
"""
from __future__ import annotations

WORDS_JA: dict[str, str] = {
    "bayesian": "ベイズ", "counting": "数え上げ", "model": "モデル", "random": "ランダム",  # the bots' names
    # the title, the menu and the app's frame
    "The Satori": "ザ・悟り",
    "2 players (unofficial)": "2人（非公式）",
    " (unofficial)": "（非公式）",
    "Public counts (satori and zatsunen: hand and pile together)": "公開の枚数（悟りカードと雑念カード：手札と山札の合計）",
    "The coach shows the exact chance a card just played is satori, and what a Katsu call risks":
        "コーチは、いま出されたカードが悟りカードである正確な確率と、「喝!」の危険を示します",
    " (the longest satori run on top wins)": "（山札の上から連続した悟りカードが最も多い人の勝ち）",
    # the buttons and their tooltips (the sheet: (a) 手札からカードを1枚出す, (b) 悟りました, (c) パス, 喝!)
    "Katsu!": "喝!",
    "No katsu": "喝をしない",
    "Play satori": "悟りカードを出す",
    "Play zatsunen": "雑念カードを出す",
    "Declare Satori!": "「悟りました」と宣言する",
    "Pass": "パスする",
    "Put a satori face down on top of your pile: it lengthens your run":
        "悟りカードを1枚、裏向きに山札の一番上に出します：連続が伸びます",
    "Bluff: put a zatsunen face down on top of your pile; whoever calls Katsu! on it is out (but it breaks your run)":
        "はったり：雑念カードを裏向きに出します。これに「喝!」をした人は脱落します（ただし連続は途切れます）",
    "悟りました: your top cards are satori, unbroken; the game ends and the runs are shown":
        "悟りました：山札の上から悟りカードが連続しています。ゲームが終了し、連続を公開します",
    "Your hand is empty: let the next player go": "手札がありません：次の人の手番です",
    "It is satori, you say: if so it goes on top of your pile; if it is zatsunen you are out":
        "悟りカードだと宣言します：そうなら自分の山札の上に、雑念カードならあなたは脱落します",
    "Let the card lie: the next player is asked, or play goes on": "そのままにします：次の人が答えるか、ゲームが進みます",
    "Declaring needs {need} satori unbroken on top of your pile; yours shows {n}":
        "宣言には山札の上から悟りカード{need}枚以上の連続が必要です。あなたは{n}枚です",
    "You have no satori in hand": "手札に悟りカードがありません",
    "You have no zatsunen in hand": "手札に雑念カードがありません",
    # the table
    "Hand": "手札",
    "Pile": "山札",
    "Cards": "カード",
    "empty": "なし",
    "bottom": "下",
    "◀ top": "◀ 上",
    "run of {n}": "{n}枚連続",
    "the card just played: Katsu?": "いま出されたカード：喝?",
    "satori (悟り): the number cards; zatsunen (雑念): the face cards": "悟りカード：平札、雑念カード：絵札",
    "S = satori · Z = zatsunen": "S = 悟り · Z = 雑念",
    "{s} satori · {z} zatsunen": "悟りカード{s}枚 · 雑念カード{z}枚",
    " · bot: {name}": " · ボット：{name}",
    "out of the game (a Katsu failed)": "脱落（「喝!」が失敗）",
    "eliminated": "脱落",
    "1 card": "1枚",
    "{n} cards": "{n}枚",
    " · run <b>{n}</b>": " · 連続 <b>{n}</b>",
    " · {n} won by Katsu": " · 「喝!」で得た{n}枚",
    "{n} in hand": "手札{n}枚",
    "out": "脱落",
    "declared Satori!": "「悟りました」と宣言",
    "{place} place": "{place}",
    "card played: Katsu?": "カードを出した：喝?",
    "asked now": "いま答える番",
    "to play": "手番",
    "Game {games} is over · {table}": "ゲーム{games}は終了 · {table}",
    "Game {games} · {table} · <b>{cards}</b> cards still in hands": "ゲーム{games} · {table} · 手札は残り<b>{cards}</b>枚",
    # the prompts
    "If it is satori, {who} has {n} satori on top and may declare Satori! next turn. ":
        "悟りカードなら、{who}は山札の上に悟りカード{n}枚が連続し、次の手番で「悟りました」と宣言できます。",
    "{who} has played a card face down on top of their pile. Katsu?": "{who}がカードを1枚伏せて山札に出しました。喝?",
    "Katsu! says it is satori: if it is, it goes on top of your pile; if it is zatsunen, you are out. "
    "The game waits for your click: take all the time you need.":
        "「喝!」は悟りカードだという宣言です。悟りカードなら自分の山札の上に重ね、雑念カードならあなたは脱落します。"
        "ゲームはあなたのクリックを待ちます：ゆっくり考えてください。",
    "Katsu! says it is satori: if it is, it goes on top of your pile; if it is zatsunen, you are out. "
    "Answer before the time is up: no answer is no Katsu.":
        "「喝!」は悟りカードだという宣言です。悟りカードなら自分の山札の上に重ね、雑念カードならあなたは脱落します。"
        "時間内に答えてください：答えがなければ「喝」なしです。",
    "Your turn: your pile shows {n} satori on top. Declare Satori! to end the game, or play on.":
        "あなたの手番：山札の上に悟りカードが{n}枚連続しています。「悟りました」と宣言してゲームを終了するか、続けて出します。",
    "Declaring ends the game at once: the longest run wins, and a tie goes against the declarer.":
        "宣言するとすぐにゲーム終了：連続が最も多い人の勝ち。同数なら宣言した人の負けです。",
    "Your turn: your hand is empty, so you pass.": "あなたの手番：手札がないのでパスします。",
    "You can still win with the run on top of your pile.": "山札の上の連続でまだ勝てます。",
    "Your turn: play a card face down on top of your pile.": "あなたの手番：手札からカードを1枚、裏向きに山札に出します。",
    "Your run on top: {n} satori (declaring needs {need}, at the start of a turn). "
    "A zatsunen is a bluff: whoever calls Katsu! on it is out.":
        "山札の上の連続：悟りカード{n}枚（宣言には{need}枚、手番の最初に）。雑念カードははったり："
        "それに「喝!」をした人は脱落します。",
    # the end
    "Game over. The piles as shown (bottom to top):": "ゲーム終了。公開された山札（下から上へ）：",
    "Place": "順位",
    "Player": "プレイヤー",
    "Run": "連続",
    "out (a Katsu failed)": "脱落（「喝!」が失敗）",
    "Only {who} {is} left: the last player in wins.": "残ったのは{who}だけです：最後のひとりの勝ち。",
    "the declarer: distance 0, so the declarer loses every tie": "宣言した人：距離0なので、同数なら宣言した人の負け",
    "who played the last card: distance 0": "最後に手札を出した人：距離0",
    "The longest run wins. A tie goes to the player farthest clockwise from {ref} ({why}).":
        "連続した悟りカードが最も多い人の勝ち。同数なら{ref}から時計回りに数えて最も遠い人の勝ち（{why}）。",
    "Tied on {run}, clockwise from {ref}: {steps}; so {first} {place} first among them.":
        "{run}枚で同数、{ref}から時計回りに：{steps}。なので{first}がその中で上位です。",
    "0 (the reference)": "0（基準）",
    "1 seat": "1席",
    "{n} seats": "{n}席",
    "Game over. Your Katsu failed: you were out.": "ゲーム終了。あなたの「喝!」は失敗し、脱落しました。",
    "Game over: {who} declared Satori!": "ゲーム終了：{who}が「悟りました」と宣言しました！",
    "Game over: every hand is empty.": "ゲーム終了：全員の手札がなくなりました。",
    "Game over: one player is left.": "ゲーム終了：残りはひとりです。",
    # the public counts
    "In hand": "手札",
    "In pile": "山札",
    "Satori in all": "悟りカード（合計）",
    "Zatsunen in all": "雑念カード（合計）",
    "Run on top": "上から連続",
    # the coach (coach.py): the probabilities by their Japanese names, 事前確率, 尤度, 事後確率, 期待値
    "The game is over: every run is shown above.": "ゲーム終了：すべての連続は上に公開されています。",
    "The coach speaks on your turn, and when you are asked Katsu?":
        "コーチが話すのは、あなたの手番と、あなたが「喝?」と問われたときです。",
    "The coach could not work out this position ({error}).": "コーチはこの局面を計算できませんでした（{error}）。",
    "Your pile shows <b>{run}</b> satori on top: you may declare now. Compare with what the others may hold: "
    "a tie goes against the declarer.":
        "山札の上に悟りカードが<b>{run}</b>枚連続しています：いま「悟りました」と宣言できます。"
        "ほかの人の連続と比べましょう：同数なら宣言した人の負けです。",
    "Your run on top: <b>{run}</b> satori (declaring needs {need}, at the start of a turn). "
    "A zatsunen on top breaks your run, but a Katsu on it knocks the caller out.":
        "山札の上の連続：悟りカード<b>{run}</b>枚（宣言には{need}枚、手番の最初に）。"
        "雑念カードを出すと連続は途切れますが、それに「喝!」をした人は脱落します。",
    "In all (public)": "合計（公開）",
    "Cards unseen": "見えていないカード",
    "Satori among them (counting)": "そのうちの悟りカード（数え上げ）",
    "Counting treats every unseen card alike; the order of play says more (the coach shows it "
    "when you are asked Katsu?).":
        "数え上げは見えていないカードをすべて同じに扱います。出した順番からはもっと多くのことがわかります"
        "（「喝?」と問われたときにコーチが示します）。",
    "Is {who}'s card satori? Bayes' rule over the public history of their plays, "
    "under each model of how they choose a card:":
        "{who}のカードは悟りカード? 出し方の公開された履歴から、カードの選び方のモデルごとに"
        "ベイズの定理（事後確率 ∝ 事前確率 × 尤度）で求めます：",
    "Model of the player": "プレイヤーのモデル",
    "P(satori)": "事後確率",
    "impossible: {who} did not play like this": "ありえない：{who}はこのようには出さない",
    "chosen": "採用",
    "uniform from hand": "手札から無作為に出す",
    "bluffs 1/4, declares at once (the bots)": "1/4の確率ではったり、すぐに宣言（ボット）",
    "never bluffs": "はったりをしない",
    "counting (satori among their unseen cards, order ignored)":
        "事前確率（数え上げ：見えていないカードのうちの悟りカードの割合、出した順番は無視）",
    "the chosen model": "採用したモデル",
    "the bots' model: the chosen one cannot explain this play": "ボットのモデル：採用したモデルではこの出し方を説明できない",
    "The bots call when their chance is above {threshold} = {percent}.":
        "ボットは確率が{threshold} = {percent}を超えると「喝!」をします。",
    "Your chance of winning in each case ({n} games played out by counting bots from positions drawn "
    "from what you see, under {basis}; ± one standard error):":
        "それぞれの場合のあなたの勝率（あなたに見えている情報から{basis}のもとで局面を引き、"
        "数え上げボットが{n}ゲームを最後までプレイした結果。± は標準誤差1つ分）：",
    "You say": "あなたの宣言",
    "If the card is satori": "悟りカードなら",
    "If it is zatsunen": "雑念カードなら",
    "On average, P(satori) = {p}": "期待値（事後確率 = {p}）",
    "0 (you are out)": "0（あなたは脱落）",
    "— (cannot happen)": "—（起こりえない）",
    "The break-even P(satori): <b {data}>none</b> (the card cannot be satori).":
        "損益分岐点の事後確率：<b {data}>なし</b>（このカードは悟りカードではありえない）。",
    "The break-even P(satori): <b {data}>100%</b> (a success wins no more often than letting a satori go: "
    "a call never pays).":
        "損益分岐点の事後確率：<b {data}>100%</b>（「喝!」が成功しても、悟りカードを見逃すより勝つことが"
        "多くはない：「喝!」は決して得にならない）。",
    "The break-even P(satori): <b {data}>0%</b> (the card cannot be zatsunen, and a success beats letting it go).":
        "損益分岐点の事後確率：<b {data}>0%</b>（このカードは雑念カードではありえず、「喝!」の成功は見逃すより有利）。",
    "A call pays when P(satori) is above the break-even <b {data}>{be}</b>, where the two averages are "
    "equal: {a} ÷ ({b} − {c} + {a}).":
        "事後確率が損益分岐点<b {data}>{be}</b>を超えれば「喝!」が得です。損益分岐点では二つの期待値が等しくなります："
        "{a} ÷ ({b} − {c} + {a})。",
    "Let it go: the card cannot be satori ({basis}), and a call would put you out.":
        "見逃しましょう：このカードは悟りカードではありえず（{basis}）、「喝!」をすれば脱落します。",
    "Let it go: in these games a success won no more often than letting a satori go, so a call never pays.":
        "見逃しましょう：これらのゲームでは「喝!」が成功しても悟りカードを見逃すより勝つことが多くはなかったので、"
        "「喝!」は決して得になりません。",
    "P(satori) {p} ({basis})": "事後確率{p}（{basis}）",
    ", even allowing two standard errors ({low} to {high})": "（標準誤差2つ分を見込んでも：{low}〜{high}）",
    "Call: {said} is above the break-even {be}{margin}.": "「喝!」をしましょう：{said}は損益分岐点{be}を上回っています{margin}。",
    "Let it go: {said} is below the break-even {be}{margin}.": "見逃しましょう：{said}は損益分岐点{be}を下回っています{margin}。",
    "a call": "「喝!」",
    "no call": "見逃し",
    "Too close to tell: {said} is within two standard errors of the break-even {be} ({low} to {high}); "
    "it leans to {lean}.":
        "判断がつきません：{said}は損益分岐点{be}から標準誤差2つ分の範囲内（{low}〜{high}）です。やや{lean}寄りです。",
}

NARRATION_JA: dict[str, str] = {
    "deal": "各自、悟りカード{s}枚と雑念カード{z}枚をとります。{who}から始めます。",
    "play": "{who}がカードを1枚伏せて出しました。",
    "no katsu": "{who}は「喝!」をしませんでした。",
    "katsu": "{who}が{whose}のカードに「喝!」…",
    "reveal S": "…悟りカードでした。{who}の山札の上へ。",
    "reveal Z": "…雑念カードでした。{who}の「喝!」は失敗です。",
    "out": "{who}は脱落しました。",
    "receives hand": "{who}は雑念カードを手札に戻し、{out}の手札から悟りカードを1枚受け取りました。",
    "receives pile": "{who}は雑念カードを手札に戻し、{out}の山札（一番上に近いもの）から悟りカードを1枚受け取りました。",
    "receives None": "{who}は雑念カードを手札に戻しました。{out}には渡せる悟りカードがありませんでした。",
    "pass": "{who}は手番をパスしました（手札なし）。",
    "declare": "{who}が「悟りました」と宣言しました（悟りカード{value}枚連続）。",
    "end declare": "ゲーム終了：{who}が宣言しました。",
    "end empty": "ゲーム終了：全員の手札がなくなりました。",
    "end last": "ゲーム終了：残りはひとりです。",
    "shows": "{who}は悟りカード{value}枚の連続を公開しました。",
    "shows 0": "{who}の山札の一番上は悟りカードではありません。",
}

HELP_JA = """<details class="cl-help"><summary>ザ・悟りの遊び方</summary>
<p>ザ・悟り：3〜5人のはったりのゲーム（2人は非公式の練習版：各自 悟りカード2枚と雑念カード1枚）。</p>
<p>各自、<b>悟りカード</b>（平札、<b>S</b>）3枚と<b>雑念カード</b>（絵札、<b>Z</b>）2枚の5枚を持ちます。
同じ種類のカードはすべて同じです。</p>
<p>自分の番には、手札からカードを1枚、裏向きに伏せて自分の<b>山札</b>の一番上に出します（雑念カードを出せばはったり）。
山札の上から悟りカードが3枚以上連続していれば、手番の最初に<b>「悟りました」と宣言</b>してゲームを終了できます。
手札がないときだけ<b>パス</b>できます。</p>
<p>カードが出されるたびに、ほかの人は時計回りに<b>「喝!」</b>（そのカードは悟りカードだ）を宣言できます。
悟りカードなら「喝!」した人の山札の上へ。雑念カードなら「喝!」した人は<b>脱落</b>し、「喝!」された人は
その雑念カードと悟りカード1枚を受け取ります。最初の「喝!」だけが有効です。</p>
<p>宣言、全員の手札がなくなったとき、またはひとりを除いて全員が脱落したときにゲーム終了。山札の上から連続した
悟りカードが<b>最も多い人の勝ち</b>。同数なら、宣言した人（いなければ最後に手札を出した人）から時計回りに数えて
最も遠い人の勝ちです。</p></details>"""
