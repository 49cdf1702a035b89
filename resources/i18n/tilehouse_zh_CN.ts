<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name></name>
    <message>
        <source>Scoring calculator</source>
        <translation>计分计算器</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>Click a tile to add it to:</source>
        <translation>点击牌，加入到：</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>手牌</translation>
    </message>
    <message>
        <source>New meld</source>
        <translation>新面子</translation>
    </message>
    <message>
        <source>Dora indicators</source>
        <translation>宝牌指示牌</translation>
    </message>
    <message>
        <source>Ura indicators</source>
        <translation>里宝牌指示牌</translation>
    </message>
    <message>
        <source>财神 (shown tiles)</source>
        <translation>财神（翻出的牌）</translation>
    </message>
    <message>
        <source>Flowers</source>
        <translation>梅兰菊竹</translation>
    </message>
    <message>
        <source>Red {tile}</source>
        <translation>赤{tile}</translation>
    </message>
    <message>
        <source>{tile} (typed {code})</source>
        <translation>{tile}</translation>
    </message>
    <message>
        <source>(not tiles)</source>
        <translation>（不是牌）</translation>
    </message>
    <message>
        <source>Click the tiles above</source>
        <translation>点击上方的牌</translation>
    </message>
    <message>
        <source>Remove the last tile</source>
        <translation>删除最后一张</translation>
    </message>
    <message>
        <source>Melds (chows, pungs and kongs)</source>
        <translation>明牌（吃、碰、杠）</translation>
    </message>
    <message>
        <source>Self-drawn (自摸)</source>
        <translation>自摸</translation>
    </message>
    <message>
        <source>Hand (concealed tiles, the winning tile included)</source>
        <translation>手牌（暗牌，含和了牌）</translation>
    </message>
    <message>
        <source>Winning tile</source>
        <translation>和了牌</translation>
    </message>
    <message>
        <source>(click a hand tile to choose it; right-click removes a tile)</source>
        <translation>（点击手牌选择和了牌；右键删除一张）</translation>
    </message>
    <message>
        <source>Add meld</source>
        <translation>加入面子</translation>
    </message>
    <message>
        <source>Remove meld</source>
        <translation>删除面子</translation>
    </message>
    <message>
        <source>Melds (called sets and kans)</source>
        <translation>面子（鸣牌与杠）</translation>
    </message>
    <message>
        <source>from</source>
        <translation>来自</translation>
    </message>
    <message>
        <source>Ron (a discard)</source>
        <translation>荣和（点炮）</translation>
    </message>
    <message>
        <source>Tsumo (self-draw)</source>
        <translation>自摸</translation>
    </message>
    <message>
        <source>Not a winner (base 台)</source>
        <translation>未胡牌（基本台）</translation>
    </message>
    <message>
        <source>dealer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>标志</translation>
    </message>
    <message>
        <source>The win</source>
        <translation>和牌</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>座位</translation>
    </message>
    <message>
        <source>The norths the winner has set aside (three players): one dora each</source>
        <translation>和牌者已拔出的北（三人麻将）：每张一枚宝牌</translation>
    </message>
    <message>
        <source>Round wind</source>
        <translation>场风</translation>
    </message>
    <message>
        <source>Honba</source>
        <translation>本场</translation>
    </message>
    <message>
        <source>Riichi sticks</source>
        <translation>立直棒</translation>
    </message>
    <message>
        <source>Norths set aside</source>
        <translation>拔北</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the situation for `tilehouse score`</source>
        <translation>复制给 `tilehouse score` 用的牌况</translation>
    </message>
    <message>
        <source>Show the tiles as text</source>
        <translation>文字记法</translation>
    </message>
    <message>
        <source>Type hands in mpsz notation and copy the situation for the tilehouse score command</source>
        <translation>用文字输入手牌（数字加花色字母），并复制牌况供命令行计分使用</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>计分</translation>
    </message>
    <message>
        <source>Hand (concealed tiles, the winning tile included)</source>
        <comment>chinese</comment>
        <translation>手牌（暗牌，含胡的那张牌）</translation>
    </message>
    <message>
        <source>Winning tile</source>
        <comment>chinese</comment>
        <translation>胡的牌</translation>
    </message>
    <message>
        <source>(click a hand tile to choose it; right-click removes a tile)</source>
        <comment>chinese</comment>
        <translation>（点击手牌中的一张作为胡的牌；右键删除一张）</translation>
    </message>
    <message>
        <source>Melds (pungs and kongs)</source>
        <translation>明牌（碰、杠）</translation>
    </message>
    <message>
        <source>The win</source>
        <comment>chinese</comment>
        <translation>胡牌</translation>
    </message>
    <message>
        <source>Build a hand: click the tiles on the left.</source>
        <translation>组一手牌：点击左侧的牌。</translation>
    </message>
    <message>
        <source>Scoring…</source>
        <translation>计分中…</translation>
    </message>
    <message>
        <source>Could not score this hand: {e}</source>
        <translation>无法为这手牌计分：{e}</translation>
    </message>
    <message>
        <source>Not a valid win</source>
        <translation>不是有效的和牌</translation>
    </message>
    <message>
        <source>Not a valid win</source>
        <comment>chinese</comment>
        <translation>不是有效的胡牌</translation>
    </message>
    <message>
        <source>The discarder pays {n}.</source>
        <translation>放铳者支付 {n}。</translation>
    </message>
    <message>
        <source>Tsumo: the dealer pays {d}, each other player {e}.</source>
        <translation>自摸：庄家付 {d}，其余每家付 {e}。</translation>
    </message>
    <message>
        <source>Tsumo: each player pays {e}.</source>
        <translation>自摸：每家付 {e}。</translation>
    </message>
    <message>
        <source>+ honba {h} + riichi sticks {s} = {t} in all</source>
        <translation>+ 本场 {h} + 立直棒 {s} = 共 {t}</translation>
    </message>
    <message>
        <source>Points (分)</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Fan (番)</source>
        <translation>番数</translation>
    </message>
    <message>
        <source>Capped: paid as {n} fan</source>
        <translation>封顶：按 {n} 番支付</translation>
    </message>
    <message>
        <source>Each payer pays {n}.</source>
        <translation>每位付款者支付 {n}。</translation>
    </message>
    <message>
        <source>The discarder pays {n}.</source>
        <comment>chinese</comment>
        <translation>点炮者支付 {n}。</translation>
    </message>
    <message>
        <source>Doubled: {n} 台</source>
        <translation>翻倍：{n} 台</translation>
    </message>
    <message>
        <source>Final: {n} 台</source>
        <translation>最终：{n} 台</translation>
    </message>
    <message>
        <source>The dealer pays {d}, each other player {e}.</source>
        <translation>庄家付 {d}，其余每家付 {e}。</translation>
    </message>
    <message>
        <source>Each player pays {e}.</source>
        <translation>每家付 {e}。</translation>
    </message>
    <message>
        <source>The situation cannot be scored as given: check the tiles, melds and flags.</source>
        <translation>这副牌况无法计分：请检查手牌、面子和标志。</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>新对局</translation>
    </message>
    <message>
        <source>Family</source>
        <translation>玩法</translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>the command that starts the bot, e.g. python3 /path/bot.py</source>
        <translation>启动机器人的命令，例如 python3 /path/bot.py</translation>
    </message>
    <message>
        <source>(first dealer)</source>
        <translation>（起庄）</translation>
    </message>
    <message>
        <source>Your seat</source>
        <translation>你的座位</translation>
    </message>
    <message>
        <source>AI level of the {wind} seat</source>
        <translation>{wind}家的 AI 水平</translation>
    </message>
    <message>
        <source>AI levels (E S W N)</source>
        <translation>AI 水平（东 南 西 北）</translation>
    </message>
    <message>
        <source>AI levels (E S)</source>
        <translation>AI 水平（东 南）</translation>
    </message>
    <message>
        <source>AI levels (E S W)</source>
        <translation>AI 水平（东 南 西）</translation>
    </message>
    <message>
        <source>1 opponent</source>
        <translation>1 个对手</translation>
    </message>
    <message>
        <source>{n} opponents</source>
        <translation>{n} 个对手</translation>
    </message>
    <message>
        <source>Opponents</source>
        <translation>对手</translation>
    </message>
    <message>
        <source>The seat number is added to the command unless it holds {seat}.</source>
        <translation>命令末尾会加上座位号，除非命令中含有 {seat}。</translation>
    </message>
    <message>
        <source>Outside bots</source>
        <translation>外部机器人</translation>
    </message>
    <message>
        <source>As the ruleset says</source>
        <translation>按规则设定</translation>
    </message>
    <message>
        <source>{n} hand(s)</source>
        <translation>{n} 局</translation>
    </message>
    <message>
        <source>Match length</source>
        <translation>对局长度</translation>
    </message>
    <message>
        <source>Practice (undo, practice panel)</source>
        <translation>练习模式（可悔棋、练习面板）</translation>
    </message>
    <message>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Outside bot (mjai)…</source>
        <translation>外部机器人（mjai）…</translation>
    </message>
    <message>
        <source>Type the command that starts the {wind} seat&apos;s bot.</source>
        <translation>请输入启动{wind}家机器人的命令。</translation>
    </message>
    <message>
        <source>The {wind} seat&apos;s bot cannot start: {program} was not found. Give the full path of the program or script.</source>
        <translation>{wind}家的机器人无法启动：找不到 {program}。请填写程序或脚本的完整路径。</translation>
    </message>
    <message>
        <source>(yours)</source>
        <translation>（自定义）</translation>
    </message>
    <message>
        <source>({n} players)</source>
        <translation>（{n} 人）</translation>
    </message>
    <message>
        <source>There is no ruleset to play.</source>
        <translation>没有可用的规则集。</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Single click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Double click</source>
        <translation>双击</translation>
    </message>
    <message>
        <source>Discard with</source>
        <translation>出牌方式</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>快</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>慢</translation>
    </message>
    <message>
        <source>Animations</source>
        <translation>动画</translation>
    </message>
    <message>
        <source>AI pace (0 = instant)</source>
        <translation>AI 出牌间隔（0 = 立即）</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Claim timer</source>
        <translation>吃碰杠倒计时</translation>
    </message>
    <message>
        <source>Sort my hand</source>
        <translation>自动理牌</translation>
    </message>
    <message>
        <source>Win automatically</source>
        <translation>自动胡牌</translation>
    </message>
    <message>
        <source>No calls (pass on chi, pon, kan)</source>
        <translation>不吃碰杠（自动跳过）</translation>
    </message>
    <message>
        <source>Discard the drawn tile after riichi</source>
        <translation>立直后自动摸切</translation>
    </message>
    <message>
        <source>Discard the lacking suit first (Sichuan)</source>
        <translation>优先打缺门（四川）</translation>
    </message>
    <message>
        <source>Show the practice panel</source>
        <translation>显示练习面板</translation>
    </message>
    <message>
        <source>No answers yet.</source>
        <translation>还没有作答。</translation>
    </message>
    <message>
        <source>{n} answered, {c} right ({p:.0%}), average score {a:.0f}.  Recent: {r}</source>
        <translation>已答 {n} 题，答对 {c} 题（{p:.0%}），平均得分 {a:.0f}。  最近：{r}</translation>
    </message>
    <message>
        <source>The table</source>
        <translation>牌桌</translation>
    </message>
    <message>
        <source>Making a position from a simulated game…</source>
        <translation>正在从模拟对局中生成局面…</translation>
    </message>
    <message>
        <source>round {wind}</source>
        <translation>{wind}场</translation>
    </message>
    <message>
        <source>you sit {wind}</source>
        <translation>你是{wind}家</translation>
    </message>
    <message>
        <source>{n} tiles left in the wall</source>
        <translation>牌山剩 {n} 张</translation>
    </message>
    <message>
        <source>dora indicators {t}</source>
        <translation>宝牌指示牌 {t}</translation>
    </message>
    <message>
        <source>财神 {t}</source>
        <translation>财神 {t}</translation>
    </message>
    <message>
        <source>your lacking suit: {s}</source>
        <translation>你的缺门：{s}</translation>
    </message>
    <message>
        <source>scores {s}</source>
        <translation>点数 {s}</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>下家</translation>
    </message>
    <message>
        <source>Across</source>
        <translation>对家</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>上家</translation>
    </message>
    <message>
        <source>lacks {s}</source>
        <translation>缺{s}</translation>
    </message>
    <message>
        <source>Your discards</source>
        <translation>你的牌河</translation>
    </message>
    <message>
        <source>What do you discard? Click a tile.</source>
        <translation>打哪张？点击一张牌。</translation>
    </message>
    <message>
        <source>That tile cannot be discarded here.</source>
        <translation>这张牌现在不能打。</translation>
    </message>
    <message>
        <source>Right: {tile} is the AI&apos;s choice too.</source>
        <translation>正确：AI 也选择 {tile}。</translation>
    </message>
    <message>
        <source>The AI prefers {best}; your {tile} ranks {rank} of {n} (score {s}).</source>
        <translation>AI 选择 {best}；你的 {tile} 排第 {rank}/{n}（得分 {s}）。</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>打出</translation>
    </message>
    <message>
        <source>Shanten</source>
        <translation>向听</translation>
    </message>
    <message>
        <source>Acceptance</source>
        <translation>进张</translation>
    </message>
    <message>
        <source>Why (the strong AI)</source>
        <translation>理由（强 AI）</translation>
    </message>
    <message>
        <source>{n} tiles: {kinds}</source>
        <translation>{n} 张：{kinds}</translation>
    </message>
    <message>
        <source>Ranked by the strong AI (engine.ai.hints): its expected value of each discard, with its reasons; acceptance counts the unseen tiles that bring the hand closer. Position from simulated game {g}.</source>
        <translation>由强 AI（engine.ai.hints）排名：每种打法的期望值及理由；进张数为能使手牌更接近和牌的未见牌数。局面来自模拟对局 {g}。</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>核对</translation>
    </message>
    <message>
        <source>The winning hand</source>
        <translation>和牌的手牌</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>你的答案</translation>
    </message>
    <message>
        <source>Making a hand…</source>
        <translation>正在生成手牌…</translation>
    </message>
    <message>
        <source>(not needed at this limit)</source>
        <translation>（此上限下不需要）</translation>
    </message>
    <message>
        <source>Self-draw (tsumo)</source>
        <translation>自摸</translation>
    </message>
    <message>
        <source>On a discard (ron)</source>
        <translation>点炮（荣和）</translation>
    </message>
    <message>
        <source>seat {wind}</source>
        <translation>{wind}家</translation>
    </message>
    <message>
        <source>flags: {f}</source>
        <translation>标志：{f}</translation>
    </message>
    <message>
        <source>ura indicators {t}</source>
        <translation>里宝牌指示牌 {t}</translation>
    </message>
    <message>
        <source>{n} honba</source>
        <translation>{n} 本场</translation>
    </message>
    <message>
        <source>{n} riichi stick(s) on the table</source>
        <translation>场上 {n} 根立直棒</translation>
    </message>
    <message>
        <source>财神 shown: {t}</source>
        <translation>翻出的财神：{t}</translation>
    </message>
    <message>
        <source>flowers {t}</source>
        <translation>花牌 {t}</translation>
    </message>
    <message>
        <source>ruleset {r}</source>
        <translation>规则集 {r}</translation>
    </message>
    <message>
        <source>Right!</source>
        <translation>正确！</translation>
    </message>
    <message>
        <source>Not quite.</source>
        <translation>不太对。</translation>
    </message>
    <message>
        <source>Drills</source>
        <translation>练习题</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一题</translation>
    </message>
    <message>
        <source>What to discard</source>
        <translation>打哪张</translation>
    </message>
    <message>
        <source>Scoring</source>
        <translation>计分</translation>
    </message>
    <message>
        <source>No drill could be made: {e}</source>
        <translation>无法生成练习题：{e}</translation>
    </message>
    <message>
        <source>Welcome to Tilehouse</source>
        <translation>欢迎来到麻将馆 Tilehouse</translation>
    </message>
    <message>
        <source>Mahjong against one, two or three computer players, under real regional rules: Japanese riichi, Sichuan blood battle and Lingxi.</source>
        <translation>与一到三家电脑对局，按各地真实规则：日本立直麻将、四川血战到底、灵溪麻将。</translation>
    </message>
    <message>
        <source>You can change the language at any time: View menu, Settings.</source>
        <translation>语言随时可以在「视图」菜单的「设置」里更改。</translation>
    </message>
    <message>
        <source>New to one of these games? Each family has a rule book: how a hand is played, how it is scored, and every house rule you can change.</source>
        <translation>刚接触其中某种玩法？每种玩法都有规则书：一局怎么打、怎么计分，以及每一条可以修改的规则。</translation>
    </message>
    <message>
        <source>Open the rule book</source>
        <translation>打开规则书</translation>
    </message>
    <message>
        <source>Then try a first practice game: one hand in which you may undo your moves, with the practice panel showing your waits, the most efficient discards and, when you ask, the AI&apos;s hint.</source>
        <translation>然后来一局练习：只打一局，可以悔棋，练习面板会显示你的听牌、效率最高的打法，需要时还有电脑的提示。</translation>
    </message>
    <message>
        <source>Start a practice game</source>
        <translation>开始练习对局</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>以后再说</translation>
    </message>
    <message>
        <source>Rule book</source>
        <translation>规则书</translation>
    </message>
    <message>
        <source>1-man</source>
        <translation>一万</translation>
    </message>
    <message>
        <source>2-man</source>
        <translation>二万</translation>
    </message>
    <message>
        <source>3-man</source>
        <translation>三万</translation>
    </message>
    <message>
        <source>4-man</source>
        <translation>四万</translation>
    </message>
    <message>
        <source>5-man</source>
        <translation>五万</translation>
    </message>
    <message>
        <source>6-man</source>
        <translation>六万</translation>
    </message>
    <message>
        <source>7-man</source>
        <translation>七万</translation>
    </message>
    <message>
        <source>8-man</source>
        <translation>八万</translation>
    </message>
    <message>
        <source>9-man</source>
        <translation>九万</translation>
    </message>
    <message>
        <source>1-pin</source>
        <translation>一筒</translation>
    </message>
    <message>
        <source>2-pin</source>
        <translation>二筒</translation>
    </message>
    <message>
        <source>3-pin</source>
        <translation>三筒</translation>
    </message>
    <message>
        <source>4-pin</source>
        <translation>四筒</translation>
    </message>
    <message>
        <source>5-pin</source>
        <translation>五筒</translation>
    </message>
    <message>
        <source>6-pin</source>
        <translation>六筒</translation>
    </message>
    <message>
        <source>7-pin</source>
        <translation>七筒</translation>
    </message>
    <message>
        <source>8-pin</source>
        <translation>八筒</translation>
    </message>
    <message>
        <source>9-pin</source>
        <translation>九筒</translation>
    </message>
    <message>
        <source>1-sou</source>
        <translation>一索</translation>
    </message>
    <message>
        <source>2-sou</source>
        <translation>二索</translation>
    </message>
    <message>
        <source>3-sou</source>
        <translation>三索</translation>
    </message>
    <message>
        <source>4-sou</source>
        <translation>四索</translation>
    </message>
    <message>
        <source>5-sou</source>
        <translation>五索</translation>
    </message>
    <message>
        <source>6-sou</source>
        <translation>六索</translation>
    </message>
    <message>
        <source>7-sou</source>
        <translation>七索</translation>
    </message>
    <message>
        <source>8-sou</source>
        <translation>八索</translation>
    </message>
    <message>
        <source>9-sou</source>
        <translation>九索</translation>
    </message>
    <message>
        <source>East</source>
        <translation>东</translation>
    </message>
    <message>
        <source>South</source>
        <translation>南</translation>
    </message>
    <message>
        <source>West</source>
        <translation>西</translation>
    </message>
    <message>
        <source>North</source>
        <translation>北</translation>
    </message>
    <message>
        <source>Haku</source>
        <translation>白</translation>
    </message>
    <message>
        <source>Hatsu</source>
        <translation>发</translation>
    </message>
    <message>
        <source>Chun</source>
        <translation>中</translation>
    </message>
    <message>
        <source>1 Character</source>
        <translation>一万</translation>
    </message>
    <message>
        <source>2 Characters</source>
        <translation>二万</translation>
    </message>
    <message>
        <source>3 Characters</source>
        <translation>三万</translation>
    </message>
    <message>
        <source>4 Characters</source>
        <translation>四万</translation>
    </message>
    <message>
        <source>5 Characters</source>
        <translation>五万</translation>
    </message>
    <message>
        <source>6 Characters</source>
        <translation>六万</translation>
    </message>
    <message>
        <source>7 Characters</source>
        <translation>七万</translation>
    </message>
    <message>
        <source>8 Characters</source>
        <translation>八万</translation>
    </message>
    <message>
        <source>9 Characters</source>
        <translation>九万</translation>
    </message>
    <message>
        <source>1 Dot</source>
        <translation>一筒</translation>
    </message>
    <message>
        <source>2 Dots</source>
        <translation>二筒</translation>
    </message>
    <message>
        <source>3 Dots</source>
        <translation>三筒</translation>
    </message>
    <message>
        <source>4 Dots</source>
        <translation>四筒</translation>
    </message>
    <message>
        <source>5 Dots</source>
        <translation>五筒</translation>
    </message>
    <message>
        <source>6 Dots</source>
        <translation>六筒</translation>
    </message>
    <message>
        <source>7 Dots</source>
        <translation>七筒</translation>
    </message>
    <message>
        <source>8 Dots</source>
        <translation>八筒</translation>
    </message>
    <message>
        <source>9 Dots</source>
        <translation>九筒</translation>
    </message>
    <message>
        <source>1 Bamboo</source>
        <translation>一条</translation>
    </message>
    <message>
        <source>2 Bamboo</source>
        <translation>二条</translation>
    </message>
    <message>
        <source>3 Bamboo</source>
        <translation>三条</translation>
    </message>
    <message>
        <source>4 Bamboo</source>
        <translation>四条</translation>
    </message>
    <message>
        <source>5 Bamboo</source>
        <translation>五条</translation>
    </message>
    <message>
        <source>6 Bamboo</source>
        <translation>六条</translation>
    </message>
    <message>
        <source>7 Bamboo</source>
        <translation>七条</translation>
    </message>
    <message>
        <source>8 Bamboo</source>
        <translation>八条</translation>
    </message>
    <message>
        <source>9 Bamboo</source>
        <translation>九条</translation>
    </message>
    <message>
        <source>East Wind</source>
        <translation>东风</translation>
    </message>
    <message>
        <source>South Wind</source>
        <translation>南风</translation>
    </message>
    <message>
        <source>West Wind</source>
        <translation>西风</translation>
    </message>
    <message>
        <source>North Wind</source>
        <translation>北风</translation>
    </message>
    <message>
        <source>White Dragon</source>
        <translation>白板</translation>
    </message>
    <message>
        <source>Green Dragon</source>
        <translation>发财</translation>
    </message>
    <message>
        <source>Red Dragon</source>
        <translation>红中</translation>
    </message>
    <message>
        <source>Spring</source>
        <translation>春</translation>
    </message>
    <message>
        <source>Summer</source>
        <translation>夏</translation>
    </message>
    <message>
        <source>Autumn</source>
        <translation>秋</translation>
    </message>
    <message>
        <source>Winter</source>
        <translation>冬</translation>
    </message>
    <message>
        <source>Plum</source>
        <translation>梅</translation>
    </message>
    <message>
        <source>Orchid</source>
        <translation>兰</translation>
    </message>
    <message>
        <source>Chrysanthemum</source>
        <translation>菊</translation>
    </message>
    <message>
        <source>Bamboo</source>
        <comment>flower</comment>
        <translation>竹</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>万</translation>
    </message>
    <message>
        <source>Dots</source>
        <translation>筒</translation>
    </message>
    <message>
        <source>Bamboo</source>
        <translation>条</translation>
    </message>
    <message>
        <source>Chi</source>
        <translation>吃</translation>
    </message>
    <message>
        <source>Pon</source>
        <translation>碰</translation>
    </message>
    <message>
        <source>Kan</source>
        <translation>杠</translation>
    </message>
    <message>
        <source>Closed kan</source>
        <translation>暗杠</translation>
    </message>
    <message>
        <source>Added kan</source>
        <translation>加杠</translation>
    </message>
    <message>
        <source>Ron</source>
        <translation>荣和</translation>
    </message>
    <message>
        <source>Tsumo</source>
        <translation>自摸</translation>
    </message>
    <message>
        <source>Riichi</source>
        <translation>立直</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>过</translation>
    </message>
    <message>
        <source>Nine terminals</source>
        <translation>九种九牌</translation>
    </message>
    <message>
        <source>Win</source>
        <comment>japanese</comment>
        <translation>和了</translation>
    </message>
    <message>
        <source>Kita</source>
        <translation>拔北</translation>
    </message>
    <message>
        <source>Chow</source>
        <translation>吃</translation>
    </message>
    <message>
        <source>Pung</source>
        <translation>碰</translation>
    </message>
    <message>
        <source>Kong</source>
        <comment>exposed</comment>
        <translation>明杠</translation>
    </message>
    <message>
        <source>Concealed kong</source>
        <translation>暗杠</translation>
    </message>
    <message>
        <source>Added kong</source>
        <translation>补杠</translation>
    </message>
    <message>
        <source>Kong</source>
        <translation>杠</translation>
    </message>
    <message>
        <source>Hu</source>
        <translation>胡</translation>
    </message>
    <message>
        <source>Self-drawn hu</source>
        <translation>自摸</translation>
    </message>
    <message>
        <source>Lacking suit</source>
        <translation>定缺</translation>
    </message>
    <message>
        <source>Exchange three</source>
        <translation>换三张</translation>
    </message>
    <message>
        <source>Flower</source>
        <translation>花</translation>
    </message>
    <message>
        <source>from {name}</source>
        <comment>japanese</comment>
        <translation>{name} 放铳</translation>
    </message>
    <message>
        <source>{name} dealt in</source>
        <translation>{name} 点炮</translation>
    </message>
    <message>
        <source>Menzen tsumo</source>
        <translation>门前清自摸和</translation>
    </message>
    <message>
        <source>Ippatsu</source>
        <translation>一发</translation>
    </message>
    <message>
        <source>Chankan (robbing a kan)</source>
        <translation>抢杠</translation>
    </message>
    <message>
        <source>Rinshan kaihou</source>
        <translation>岭上开花</translation>
    </message>
    <message>
        <source>Haitei raoyue</source>
        <translation>海底摸月</translation>
    </message>
    <message>
        <source>Houtei raoyui</source>
        <translation>河底捞鱼</translation>
    </message>
    <message>
        <source>Pinfu</source>
        <translation>平和</translation>
    </message>
    <message>
        <source>Tanyao</source>
        <translation>断幺九</translation>
    </message>
    <message>
        <source>Iipeikou</source>
        <translation>一杯口</translation>
    </message>
    <message>
        <source>Seat wind: East</source>
        <translation>自风 东</translation>
    </message>
    <message>
        <source>Seat wind: South</source>
        <translation>自风 南</translation>
    </message>
    <message>
        <source>Seat wind: West</source>
        <translation>自风 西</translation>
    </message>
    <message>
        <source>Seat wind: North</source>
        <translation>自风 北</translation>
    </message>
    <message>
        <source>Round wind: East</source>
        <translation>场风 东</translation>
    </message>
    <message>
        <source>Round wind: South</source>
        <translation>场风 南</translation>
    </message>
    <message>
        <source>Round wind: West</source>
        <translation>场风 西</translation>
    </message>
    <message>
        <source>Round wind: North</source>
        <translation>场风 北</translation>
    </message>
    <message>
        <source>Yakuhai: haku</source>
        <translation>役牌 白</translation>
    </message>
    <message>
        <source>Yakuhai: hatsu</source>
        <translation>役牌 发</translation>
    </message>
    <message>
        <source>Yakuhai: chun</source>
        <translation>役牌 中</translation>
    </message>
    <message>
        <source>Double riichi</source>
        <translation>两立直</translation>
    </message>
    <message>
        <source>Chiitoitsu</source>
        <translation>七对子</translation>
    </message>
    <message>
        <source>Chanta</source>
        <translation>混全带幺九</translation>
    </message>
    <message>
        <source>Ittsu</source>
        <translation>一气通贯</translation>
    </message>
    <message>
        <source>Sanshoku doujun</source>
        <translation>三色同顺</translation>
    </message>
    <message>
        <source>Sanshoku doukou</source>
        <translation>三色同刻</translation>
    </message>
    <message>
        <source>Sankantsu</source>
        <translation>三杠子</translation>
    </message>
    <message>
        <source>Toitoi</source>
        <translation>对对和</translation>
    </message>
    <message>
        <source>Sanankou</source>
        <translation>三暗刻</translation>
    </message>
    <message>
        <source>Shousangen</source>
        <translation>小三元</translation>
    </message>
    <message>
        <source>Honroutou</source>
        <translation>混老头</translation>
    </message>
    <message>
        <source>Ryanpeikou</source>
        <translation>二杯口</translation>
    </message>
    <message>
        <source>Junchan</source>
        <translation>纯全带幺九</translation>
    </message>
    <message>
        <source>Honitsu</source>
        <translation>混一色</translation>
    </message>
    <message>
        <source>Chinitsu</source>
        <translation>清一色</translation>
    </message>
    <message>
        <source>Renhou</source>
        <translation>人和</translation>
    </message>
    <message>
        <source>Tenhou</source>
        <translation>天和</translation>
    </message>
    <message>
        <source>Chiihou</source>
        <translation>地和</translation>
    </message>
    <message>
        <source>Daisangen</source>
        <translation>大三元</translation>
    </message>
    <message>
        <source>Suuankou</source>
        <translation>四暗刻</translation>
    </message>
    <message>
        <source>Suuankou tanki</source>
        <translation>四暗刻单骑</translation>
    </message>
    <message>
        <source>Tsuuiisou</source>
        <translation>字一色</translation>
    </message>
    <message>
        <source>Ryuuiisou</source>
        <translation>绿一色</translation>
    </message>
    <message>
        <source>Chinroutou</source>
        <translation>清老头</translation>
    </message>
    <message>
        <source>Chuuren poutou</source>
        <translation>九莲宝灯</translation>
    </message>
    <message>
        <source>Junsei chuuren poutou</source>
        <translation>纯正九莲宝灯</translation>
    </message>
    <message>
        <source>Kokushi musou</source>
        <translation>国士无双</translation>
    </message>
    <message>
        <source>Kokushi musou, 13-sided wait</source>
        <translation>国士无双十三面</translation>
    </message>
    <message>
        <source>Daisuushii</source>
        <translation>大四喜</translation>
    </message>
    <message>
        <source>Shousuushii</source>
        <translation>小四喜</translation>
    </message>
    <message>
        <source>Suukantsu</source>
        <translation>四杠子</translation>
    </message>
    <message>
        <source>Nagashi mangan</source>
        <translation>流局满贯</translation>
    </message>
    <message>
        <source>Dora</source>
        <translation>宝牌</translation>
    </message>
    <message>
        <source>Ura dora</source>
        <translation>里宝牌</translation>
    </message>
    <message>
        <source>Red fives</source>
        <translation>赤宝牌</translation>
    </message>
    <message>
        <source>Kita (north dora)</source>
        <translation>拔北宝牌</translation>
    </message>
    <message>
        <source>Plain hu</source>
        <translation>平胡</translation>
    </message>
    <message>
        <source>All pungs</source>
        <translation>对对胡</translation>
    </message>
    <message>
        <source>Pure one suit</source>
        <translation>清一色</translation>
    </message>
    <message>
        <source>Terminals in every set</source>
        <translation>带幺九</translation>
    </message>
    <message>
        <source>Seven pairs</source>
        <translation>七对</translation>
    </message>
    <message>
        <source>Pure all pungs</source>
        <translation>清对</translation>
    </message>
    <message>
        <source>All pungs of 2, 5 and 8</source>
        <translation>将对</translation>
    </message>
    <message>
        <source>Dragon seven pairs</source>
        <translation>龙七对</translation>
    </message>
    <message>
        <source>Pure seven pairs</source>
        <translation>清七对</translation>
    </message>
    <message>
        <source>Pure terminals in every set</source>
        <translation>清幺九</translation>
    </message>
    <message>
        <source>Heavenly hu</source>
        <translation>天胡</translation>
    </message>
    <message>
        <source>Earthly hu</source>
        <translation>地胡</translation>
    </message>
    <message>
        <source>Pure dragon seven pairs</source>
        <translation>清龙七对</translation>
    </message>
    <message>
        <source>Robbing a kong</source>
        <translation>抢杠胡</translation>
    </message>
    <message>
        <source>Gen (four of a kind)</source>
        <translation>根</translation>
    </message>
    <message>
        <source>Hu on a kong replacement</source>
        <translation>杠上开花</translation>
    </message>
    <message>
        <source>Hu on a discard after a kong</source>
        <translation>杠上炮</translation>
    </message>
    <message>
        <source>Last tile of the wall</source>
        <translation>海底捞月</translation>
    </message>
    <message>
        <source>Self-drawn</source>
        <translation>自摸</translation>
    </message>
    <message>
        <source>Pung of the seat wind</source>
        <translation>自风刻</translation>
    </message>
    <message>
        <source>Pung of Red or Green Dragons</source>
        <translation>中发刻</translation>
    </message>
    <message>
        <source>Exposed kong</source>
        <translation>明杠</translation>
    </message>
    <message>
        <source>Kong of an honour of value</source>
        <translation>风字杠</translation>
    </message>
    <message>
        <source>Seasons</source>
        <translation>春夏秋冬</translation>
    </message>
    <message>
        <source>White Dragons (as flowers)</source>
        <translation>白板</translation>
    </message>
    <message>
        <source>Caishen (wild)</source>
        <translation>财神</translation>
    </message>
    <message>
        <source>Caishen making a pung</source>
        <translation>财神成刻</translation>
    </message>
    <message>
        <source>Mixed one suit</source>
        <translation>混一色</translation>
    </message>
    <message>
        <source>Hard hu (no caishen used)</source>
        <translation>硬打硬</translation>
    </message>
    <message>
        <source>Caishen gathering</source>
        <translation>财神汇</translation>
    </message>
    <message>
        <source>Single wait on the pair</source>
        <translation>单钓将</translation>
    </message>
    <message>
        <source>All four winds</source>
        <translation>四风齐</translation>
    </message>
    <message>
        <source>Pig-killing hu</source>
        <translation>杀猪胡</translation>
    </message>
    <message>
        <source>All eight flowers</source>
        <translation>八花齐</translation>
    </message>
    <message>
        <source>Pig killing</source>
        <translation>杀猪</translation>
    </message>
    <message>
        <source>Flower hu</source>
        <translation>花胡</translation>
    </message>
    <message>
        <source>{item}: {tiles}</source>
        <translation>{item} {tiles}</translation>
    </message>
    <message>
        <source>{item}, dealt all four</source>
        <translation>{item}（起手四张）</translation>
    </message>
    <message>
        <source>Base fu (fuutei)</source>
        <translation>副底</translation>
    </message>
    <message>
        <source>Edge wait</source>
        <translation>边张</translation>
    </message>
    <message>
        <source>Closed wait</source>
        <translation>嵌张</translation>
    </message>
    <message>
        <source>Pair of value tiles</source>
        <translation>役牌雀头</translation>
    </message>
    <message>
        <source>Pair of double value tiles</source>
        <translation>连风雀头</translation>
    </message>
    <message>
        <source>Pair wait</source>
        <translation>单骑</translation>
    </message>
    <message>
        <source>Open pinfu shape</source>
        <translation>副露平和型</translation>
    </message>
    <message>
        <source>Concealed triplet of simples</source>
        <translation>暗刻（中张）</translation>
    </message>
    <message>
        <source>Open triplet of simples</source>
        <translation>明刻（中张）</translation>
    </message>
    <message>
        <source>Concealed triplet of terminals or honours</source>
        <translation>暗刻（幺九）</translation>
    </message>
    <message>
        <source>Open triplet of terminals or honours</source>
        <translation>明刻（幺九）</translation>
    </message>
    <message>
        <source>Concealed kan of simples</source>
        <translation>暗杠（中张）</translation>
    </message>
    <message>
        <source>Open kan of simples</source>
        <translation>明杠（中张）</translation>
    </message>
    <message>
        <source>Concealed kan of terminals or honours</source>
        <translation>暗杠（幺九）</translation>
    </message>
    <message>
        <source>Open kan of terminals or honours</source>
        <translation>明杠（幺九）</translation>
    </message>
    <message>
        <source>Closed ron</source>
        <translation>门前荣和</translation>
    </message>
    <message>
        <source>Riichi stick put down</source>
        <translation>立直供托</translation>
    </message>
    <message>
        <source>Pao (liability)</source>
        <translation>包牌</translation>
    </message>
    <message>
        <source>Noten penalty</source>
        <translation>不听罚符</translation>
    </message>
    <message>
        <source>Difference between non-winners</source>
        <translation>差额结算</translation>
    </message>
    <message>
        <source>Hu on a discard</source>
        <translation>点炮胡</translation>
    </message>
    <message>
        <source>Not ready: pays the best ready hand</source>
        <translation>查大叫</translation>
    </message>
    <message>
        <source>Not ready</source>
        <translation>查叫</translation>
    </message>
    <message>
        <source>Wind: exposed kong</source>
        <translation>刮风</translation>
    </message>
    <message>
        <source>Rain: concealed kong</source>
        <translation>下雨</translation>
    </message>
    <message>
        <source>Flower pig</source>
        <translation>查花猪</translation>
    </message>
    <message>
        <source>Kong money returned</source>
        <translation>退税</translation>
    </message>
    <message>
        <source>Kong money passed on (hu after a kong)</source>
        <translation>杠上炮（呼叫转移）</translation>
    </message>
    <message>
        <source>Liability</source>
        <translation>包赔</translation>
    </message>
    <message>
        <source>False hu</source>
        <translation>诈胡</translation>
    </message>
    <message>
        <source>Three players have won: the hand is over.</source>
        <translation>三家已胡，本局结束。</translation>
    </message>
    <message>
        <source>Every player but one has won: the hand is over.</source>
        <translation>只剩一家未胡，本局结束。</translation>
    </message>
    <message>
        <source>The wall ran out.</source>
        <translation>牌墙已摸完。</translation>
    </message>
    <message>
        <source>{tile} set aside (kita): one dora each</source>
        <translation>{tile}：拔北，每张算一枚宝牌</translation>
    </message>
    <message>
        <source>{tile} set aside and replaced (补花)</source>
        <translation>{tile}：补花（摆在一旁，另补一张）</translation>
    </message>
    <message>
        <source>Exhaustive draw</source>
        <translation>荒牌流局</translation>
    </message>
    <message>
        <source>Abortive draw</source>
        <translation>途中流局</translation>
    </message>
    <message>
        <source>Four riichi</source>
        <translation>四家立直</translation>
    </message>
    <message>
        <source>Four winds</source>
        <translation>四风连打</translation>
    </message>
    <message>
        <source>Four kans</source>
        <translation>四杠散了</translation>
    </message>
    <message>
        <source>Triple ron</source>
        <translation>三家和了</translation>
    </message>
    <message>
        <source>No winner (chou zhuang)</source>
        <translation>臭庄</translation>
    </message>
    <message>
        <source>Wall exhausted (huang zhuang)</source>
        <translation>荒庄</translation>
    </message>
    <message>
        <source>Mangan</source>
        <translation>满贯</translation>
    </message>
    <message>
        <source>Haneman</source>
        <translation>跳满</translation>
    </message>
    <message>
        <source>Baiman</source>
        <translation>倍满</translation>
    </message>
    <message>
        <source>Sanbaiman</source>
        <translation>三倍满</translation>
    </message>
    <message>
        <source>Yakuman</source>
        <translation>役满</translation>
    </message>
    <message>
        <source>Kazoe yakuman</source>
        <translation>累计役满</translation>
    </message>
    <message>
        <source>Double yakuman</source>
        <translation>双倍役满</translation>
    </message>
    <message>
        <source>Triple yakuman</source>
        <translation>三倍役满</translation>
    </message>
    <message>
        <source>Capped</source>
        <translation>封顶</translation>
    </message>
    <message>
        <source>Riichi</source>
        <comment>flag</comment>
        <translation>立直</translation>
    </message>
    <message>
        <source>Double riichi</source>
        <comment>flag</comment>
        <translation>两立直</translation>
    </message>
    <message>
        <source>Ippatsu</source>
        <comment>flag</comment>
        <translation>一发</translation>
    </message>
    <message>
        <source>After a kan (rinshan)</source>
        <comment>flag</comment>
        <translation>岭上开花</translation>
    </message>
    <message>
        <source>Robbing a kan (chankan)</source>
        <comment>flag</comment>
        <translation>抢杠</translation>
    </message>
    <message>
        <source>Last draw (haitei)</source>
        <comment>flag</comment>
        <translation>海底摸月</translation>
    </message>
    <message>
        <source>Last discard (houtei)</source>
        <comment>flag</comment>
        <translation>河底捞鱼</translation>
    </message>
    <message>
        <source>Tenhou</source>
        <comment>flag</comment>
        <translation>天和</translation>
    </message>
    <message>
        <source>Chiihou</source>
        <comment>flag</comment>
        <translation>地和</translation>
    </message>
    <message>
        <source>Renhou</source>
        <comment>flag</comment>
        <translation>人和</translation>
    </message>
    <message>
        <source>Win on a kong replacement (杠上花)</source>
        <comment>flag</comment>
        <translation>杠上花</translation>
    </message>
    <message>
        <source>Discard after a kong (杠上炮)</source>
        <comment>flag</comment>
        <translation>杠上炮</translation>
    </message>
    <message>
        <source>Robbing a kong (抢杠)</source>
        <comment>flag</comment>
        <translation>抢杠胡</translation>
    </message>
    <message>
        <source>Last tile (海底)</source>
        <comment>flag</comment>
        <translation>海底捞月</translation>
    </message>
    <message>
        <source>Heavenly win (天胡)</source>
        <comment>flag</comment>
        <translation>天胡</translation>
    </message>
    <message>
        <source>Earthly win (地胡)</source>
        <comment>flag</comment>
        <translation>地胡</translation>
    </message>
    <message>
        <source>Self-drawn (自摸)</source>
        <comment>flag</comment>
        <translation>自摸</translation>
    </message>
    <message>
        <source>Win on a kong replacement (杠上开花)</source>
        <comment>flag</comment>
        <translation>杠上开花</translation>
    </message>
    <message>
        <source>The four flowers were dealt</source>
        <comment>flag</comment>
        <translation>起手花杠</translation>
    </message>
    <message>
        <source>han</source>
        <translation>番</translation>
    </message>
    <message>
        <source>fan</source>
        <translation>番</translation>
    </message>
    <message>
        <source>tai</source>
        <translation>台</translation>
    </message>
    <message>
        <source>zi</source>
        <translation>子</translation>
    </message>
    <message>
        <source>fu</source>
        <translation>符</translation>
    </message>
    <message>
        <source>stick</source>
        <translation>根</translation>
    </message>
    <message>
        <source>sticks</source>
        <translation>根</translation>
    </message>
    <message>
        <source>point</source>
        <comment>chinese</comment>
        <translation>分</translation>
    </message>
    <message>
        <source>points</source>
        <comment>chinese</comment>
        <translation>分</translation>
    </message>
    <message>
        <source>point</source>
        <translation>点</translation>
    </message>
    <message>
        <source>points</source>
        <translation>点</translation>
    </message>
    <message>
        <source>Beginner</source>
        <translation>入门</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>标准</translation>
    </message>
    <message>
        <source>Strong</source>
        <translation>高手</translation>
    </message>
    <message>
        <source>Simple</source>
        <translation>简单</translation>
    </message>
    <message>
        <source>It is not your turn.</source>
        <translation>还没轮到你。</translation>
    </message>
    <message>
        <source>There is no such seat.</source>
        <translation>没有这个座位。</translation>
    </message>
    <message>
        <source>The match is over.</source>
        <translation>对局已结束。</translation>
    </message>
    <message>
        <source>Answer the claim first (or pass).</source>
        <translation>请先选择吃、碰、杠、胡或过。</translation>
    </message>
    <message>
        <source>That tile is not in your hand.</source>
        <translation>手牌中没有这张牌。</translation>
    </message>
    <message>
        <source>That is not possible now.</source>
        <translation>现在不能这样做。</translation>
    </message>
    <message>
        <source>That tile cannot be discarded now.</source>
        <translation>现在不能打这张牌。</translation>
    </message>
    <message>
        <source>Flowers are set aside and replaced automatically.</source>
        <translation>花牌会自动补花，不能打出。</translation>
    </message>
    <message>
        <source>The 财神 (wild tile) may not be discarded.</source>
        <translation>财神不能打出。</translation>
    </message>
    <message>
        <source>After riichi you must discard the tile you drew.</source>
        <translation>立直后只能打出摸到的牌。</translation>
    </message>
    <message>
        <source>Riichi needs a tenpai hand: this discard would break it.</source>
        <translation>立直需要听牌：打这张就不听了。</translation>
    </message>
    <message>
        <source>Discard your lacking suit ({suit}) first.</source>
        <translation>请先打完缺门（{suit}）。</translation>
    </message>
    <message>
        <source>Kuikae: you may not discard a tile that completes the set you just called.</source>
        <translation>食替：不能打出与刚鸣的面子相同作用的牌。</translation>
    </message>
    <message>
        <source>A tile of a kind you have ponged may not be discarded.</source>
        <translation>碰过的牌不能再打出。</translation>
    </message>
    <message>
        <source>A dead hand cannot win.</source>
        <translation>相公（死牌）不能胡。</translation>
    </message>
    <message>
        <source>In the last four tiles every player only draws.</source>
        <translation>最后四张只摸不打。</translation>
    </message>
    <message>
        <source>You are furiten (a wait is in your own discards).</source>
        <translation>你处于振听（听的牌在自己的牌河里）。</translation>
    </message>
    <message>
        <source>You are furiten: you let a winning tile pass since your last discard.</source>
        <translation>振听：自上次打牌后放过了和牌。</translation>
    </message>
    <message>
        <source>The hand would be complete but has no yaku.</source>
        <translation>牌型已成，但没有役。</translation>
    </message>
    <message>
        <source>You still hold tiles of your lacking suit.</source>
        <translation>手里还有缺门的牌。</translation>
    </message>
    <message>
        <source>A winning hand may hold at most two suits.</source>
        <translation>胡牌最多只能有两门花色。</translation>
    </message>
    <message>
        <source>The hand does not reach the minimum value of this ruleset.</source>
        <translation>牌型未达到本规则的起和番数。</translation>
    </message>
    <message>
        <source>You let a win of the same value go by (过手胡).</source>
        <translation>过手胡：放过了同样番数的胡。</translation>
    </message>
    <message>
        <source>A 财神 single wait wins only by self-draw.</source>
        <translation>财神单钓只能自摸。</translation>
    </message>
    <message>
        <source>A 财神 cannot be won on.</source>
        <translation>不能胡财神。</translation>
    </message>
    <message>
        <source>This ruleset does not let a kan be robbed.</source>
        <translation>本规则不允许抢杠。</translation>
    </message>
    <message>
        <source>The tile does not complete the hand.</source>
        <translation>这张牌不能成和。</translation>
    </message>
    <message>
        <source>Furiten: you discarded one of your waits, so you may not win on a discard.</source>
        <translation>振听：你打过自己听的牌，不能荣和。</translation>
    </message>
    <message>
        <source>Open hand without a yaku on any wait: it cannot win as it stands.</source>
        <translation>副露后无役：现在的牌型无法和牌。</translation>
    </message>
    <message>
        <source>The last four tiles: every player only draws.</source>
        <translation>最后四张：只摸不打。</translation>
    </message>
    <message>
        <source>The last tiles: a win must be taken.</source>
        <translation>最后几张：能胡必须胡。</translation>
    </message>
    <message>
        <source>{seat} played a dead hand.</source>
        <translation>{seat} 成了相公。</translation>
    </message>
    <message>
        <source>{seat} was a flower pig (花猪).</source>
        <translation>{seat} 是花猪。</translation>
    </message>
    <message>
        <source>{seat} was ready, with a hand worth {value}.</source>
        <translation>{seat} 有叫（牌值 {value}）。</translation>
    </message>
    <message>
        <source>{seat} was not ready.</source>
        <translation>{seat} 没有叫。</translation>
    </message>
    <message>
        <source>{seat}: the bot program {program} was not found, so the strong AI plays this seat.</source>
        <translation>{seat}：找不到机器人程序 {program}，此座位改由高手 AI 来打。</translation>
    </message>
    <message>
        <source>{seat}: an outside bot plays four-player riichi with Tenhou&apos;s rules only, so the strong AI plays this seat.</source>
        <translation>{seat}：外部机器人只能打天凤规则的四人立直麻将，此座位改由高手 AI 来打。</translation>
    </message>
    <message>
        <source>{seat}: the bot&apos;s answer was not a legal move; a safe move was played.</source>
        <translation>{seat}：机器人的回答不是合法的操作，已代为安全出牌。</translation>
    </message>
    <message>
        <source>{seat}: the bot did not answer in time; a safe move was played.</source>
        <translation>{seat}：机器人没有及时回答，已代为安全出牌。</translation>
    </message>
    <message>
        <source>{seat}: the bot program exited; it is started again at its next move.</source>
        <translation>{seat}：机器人程序已退出，轮到它时会重新启动。</translation>
    </message>
    <message>
        <source>{seat}: the bot failed too often and plays safe moves from now on.</source>
        <translation>{seat}：机器人出错太多，之后一律代为安全出牌。</translation>
    </message>
    <message>
        <source>In the last three tiles every player only draws.</source>
        <translation>最后三张只摸不打。</translation>
    </message>
    <message>
        <source>In the last two tiles every player only draws.</source>
        <translation>最后两张只摸不打。</translation>
    </message>
    <message>
        <source>The last three tiles: every player only draws.</source>
        <translation>最后三张：只摸不打。</translation>
    </message>
    <message>
        <source>The last two tiles: every player only draws.</source>
        <translation>最后两张：只摸不打。</translation>
    </message>
    <message>
        <source>Last three tiles</source>
        <translation>最后三张</translation>
    </message>
    <message>
        <source>Last two tiles</source>
        <translation>最后两张</translation>
    </message>
    <message>
        <source>The hand holds {held} tiles; a win needs {needed}, the last tile included.</source>
        <translation>手牌现有 {held} 张，成牌需要 {needed} 张（含最后一张）。</translation>
    </message>
    <message>
        <source>The winning tile must be one of the hand&apos;s tiles.</source>
        <translation>最后一张牌必须在手牌之中。</translation>
    </message>
    <message>
        <source>These tiles do not make a complete hand.</source>
        <translation>这些牌组不成完整的牌型。</translation>
    </message>
    <message>
        <source>The hand is complete but has no yaku (dora alone is not a yaku).</source>
        <translation>牌型完整但没有役（只有宝牌不算役）。</translation>
    </message>
    <message>
        <source>The hand holds all three suits; a win must lack one.</source>
        <translation>手牌三门花色俱全；胡牌必须缺一门。</translation>
    </message>
    <message>
        <source>Choose the two shown 财神 tiles.</source>
        <translation>请选择翻出的两张财神牌。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Lack {suit}</source>
        <translation>缺{suit}</translation>
    </message>
    <message>
        <source>Next hand</source>
        <translation>下一局</translation>
    </message>
    <message>
        <source>{word}!</source>
        <translation>{word}！</translation>
    </message>
    <message>
        <source>During the hand</source>
        <translation>牌局中</translation>
    </message>
    <message>
        <source>At the end of the hand</source>
        <translation>牌局结束时</translation>
    </message>
    <message>
        <source>Tenpai: {who}</source>
        <translation>听牌：{who}</translation>
    </message>
    <message>
        <source>Nobody was tenpai.</source>
        <translation>无人听牌。</translation>
    </message>
    <message>
        <source>Ura dora indicators</source>
        <translation>里宝牌指示牌</translation>
    </message>
    <message>
        <source>Every seat&apos;s {unit}</source>
        <translation>各家{unit}数</translation>
    </message>
    <message>
        <source>{value} (final: {final})</source>
        <translation>{value}（结算：{final}）</translation>
    </message>
    <message>
        <source>the table</source>
        <translation>场上</translation>
    </message>
    <message>
        <source>Final standings ({unit})</source>
        <translation>最终排名（{unit}）</translation>
    </message>
    <message>
        <source>Scores ({unit})</source>
        <translation>得分（{unit}）</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>This hand</source>
        <translation>本局</translation>
    </message>
    <message>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>成绩</translation>
    </message>
    <message>
        <source>From</source>
        <translation>明细</translation>
    </message>
    <message>
        <source>(dealer)</source>
        <translation>（庄家）</translation>
    </message>
    <message>
        <source>×{n} dealer</source>
        <translation>庄家 ×{n}</translation>
    </message>
    <message>
        <source>Practice</source>
        <translation>练习</translation>
    </message>
    <message>
        <source>Hint</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Rank your options with the strong AI&apos;s reasons</source>
        <translation>用高手 AI 为你的选择排序并说明理由</translation>
    </message>
    <message>
        <source>Drag to move; double-click to put the panel back in its place</source>
        <translation>按下标题可移动面板；双击标题放回原处</translation>
    </message>
    <message>
        <source>Fold the panel</source>
        <translation>收起面板</translation>
    </message>
    <message>
        <source>Unfold the panel</source>
        <translation>打开面板</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>思考中…</translation>
    </message>
    <message>
        <source>No hint for this decision.</source>
        <translation>这一步没有提示。</translation>
    </message>
    <message>
        <source>Nothing to analyse now.</source>
        <translation>暂无可分析的内容。</translation>
    </message>
    <message>
        <source>Waits ({n} unseen):</source>
        <translation>听牌（剩余 {n} 张）：</translation>
    </message>
    <message>
        <source>A win is possible now: {value}</source>
        <comment>japanese</comment>
        <translation>现在可以和了：{value}</translation>
    </message>
    <message>
        <source>Why no win here?</source>
        <translation>为什么不能和？</translation>
    </message>
    <message>
        <source>Complete hand</source>
        <translation>已成和牌型</translation>
    </message>
    <message>
        <source>Complete hand</source>
        <comment>chinese</comment>
        <translation>已成胡牌型</translation>
    </message>
    <message>
        <source>Tenpai</source>
        <translation>听牌</translation>
    </message>
    <message>
        <source>{n}-shanten</source>
        <translation>{n}向听</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>听牌</translation>
    </message>
    <message>
        <source>{n} from ready</source>
        <translation>离听牌差 {n} 步</translation>
    </message>
    <message>
        <source>{tile}: tenpai, {n} winning tiles</source>
        <translation>{tile}：听牌，和牌张 {n} 张</translation>
    </message>
    <message>
        <source>{tile}: ready, {n} winning tiles</source>
        <translation>{tile}：听牌，可胡 {n} 张</translation>
    </message>
    <message>
        <source>{tile}: {sh}-shanten, {n} tiles improve</source>
        <translation>{tile}：{sh} 向听，进张 {n} 枚</translation>
    </message>
    <message>
        <source>A win is possible now: {value}</source>
        <translation>现在可以胡：{value}</translation>
    </message>
    <message>
        <source>Most efficient discards:</source>
        <translation>效率最高的打法：</translation>
    </message>
    <message>
        <source>{tile}: {sh} from ready, {n} tiles improve</source>
        <translation>{tile}：离听牌差 {sh} 步，进张 {n} 张</translation>
    </message>
    <message>
        <source>Discard {tile}</source>
        <translation>打{tile}</translation>
    </message>
    <message>
        <source>{word}, discard {tile}</source>
        <translation>{word}，打{tile}</translation>
    </message>
    <message>
        <source>{word}: {tiles}</source>
        <translation>{word}：{tiles}</translation>
    </message>
    <message>
        <source>The rule book page of this family was not found.</source>
        <translation>找不到这种玩法的规则书页面。</translation>
    </message>
    <message>
        <source>Find in this page…</source>
        <translation>在本页中查找…</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>{name}: {value}</source>
        <translation>{name}：{value}</translation>
    </message>
    <message>
        <source>Differs from the base preset</source>
        <translation>与基础预设不同</translation>
    </message>
    <message>
        <source>Reset to the base preset</source>
        <translation>恢复为基础预设的值</translation>
    </message>
    <message>
        <source>In the ruleset file: {key}</source>
        <translation>规则文件中的名称：{key}</translation>
    </message>
    <message>
        <source>Allowed: {hint}</source>
        <translation>允许的值：{hint}</translation>
    </message>
    <message>
        <source>Open this rule in the rule book</source>
        <translation>在规则书中查看这条规则</translation>
    </message>
    <message>
        <source>Rules editor</source>
        <translation>规则编辑器</translation>
    </message>
    <message>
        <source>Start from</source>
        <translation>基于</translation>
    </message>
    <message>
        <source>Search toggles (key, title, description)…</source>
        <translation>搜索规则（键、名称、说明）…</translation>
    </message>
    <message>
        <source>Reset all</source>
        <translation>全部重置</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Compare…</source>
        <translation>比较…</translation>
    </message>
    <message>
        <source>New game with this ruleset…</source>
        <translation>用此规则开新对局…</translation>
    </message>
    <message>
        <source>(preset, read-only)</source>
        <translation>（预设，只读）</translation>
    </message>
    <message>
        <source>Your changes are not saved. Discard them?</source>
        <translation>修改尚未保存。要放弃吗？</translation>
    </message>
    <message>
        <source>this ruleset</source>
        <translation>此规则集</translation>
    </message>
    <message>
        <source>preset, read-only</source>
        <translation>预设，只读</translation>
    </message>
    <message>
        <source>your ruleset</source>
        <translation>你的规则集</translation>
    </message>
    <message>
        <source>Editing {source} ({kind}); base preset {base}: {n} value(s) differ.</source>
        <translation>正在编辑 {source}（{kind}）；基础预设 {base}：{n} 项不同。</translation>
    </message>
    <message>
        <source>{n} problem(s): fix the values marked in red before saving.</source>
        <translation>{n} 个问题：请先改正红色标出的值再保存。</translation>
    </message>
    <message>
        <source>Unsaved changes.</source>
        <translation>有未保存的修改。</translation>
    </message>
    <message>
        <source>Ruleset refused</source>
        <translation>规则集被拒绝</translation>
    </message>
    <message>
        <source>Save ruleset</source>
        <translation>保存规则集</translation>
    </message>
    <message>
        <source>Name of your ruleset:</source>
        <translation>你的规则集名称：</translation>
    </message>
    <message>
        <source>{name} exists. Replace it?</source>
        <translation>{name} 已存在。要替换吗？</translation>
    </message>
    <message>
        <source>Saved as {name}.</source>
        <translation>已保存为 {name}。</translation>
    </message>
    <message>
        <source>Import a ruleset</source>
        <translation>导入规则集</translation>
    </message>
    <message>
        <source>Rulesets (*.toml);;All files (*)</source>
        <translation>规则集 (*.toml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Imported as {name}.</source>
        <translation>已导入为 {name}。</translation>
    </message>
    <message>
        <source>Export the ruleset</source>
        <translation>导出规则集</translation>
    </message>
    <message>
        <source>Rulesets (*.toml)</source>
        <translation>规则集 (*.toml)</translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>已导出到 {path}。</translation>
    </message>
    <message>
        <source>Compare rulesets</source>
        <translation>比较规则集</translation>
    </message>
    <message>
        <source>Show every key</source>
        <translation>显示全部键</translation>
    </message>
    <message>
        <source>(the ruleset being edited)</source>
        <translation>（正在编辑的规则集）</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Toggle</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>The ruleset being edited has problems: fix them to compare.</source>
        <translation>正在编辑的规则集有问题：请先改正再比较。</translation>
    </message>
    <message>
        <source>{n} difference(s).</source>
        <translation>{n} 处不同。</translation>
    </message>
    <message>
        <source>Practice sandbox</source>
        <translation>练习沙盒</translation>
    </message>
    <message>
        <source>Practice tools change the wall or show what is hidden: they work in practice games only, and a game where one is used is marked and left out of the statistics.</source>
        <translation>练习道具会改变牌山或显示隐藏的牌：只能在练习对局中使用，用过道具的对局会被标记，并且不计入统计。</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>乾坤大挪移 — bring the hand near a pattern</source>
        <translation>乾坤大挪移 — 使手牌接近某种牌型</translation>
    </message>
    <message>
        <source>Swap</source>
        <translation>换牌</translation>
    </message>
    <message>
        <source>偷天换日 / 移花接木 — swap a hand tile</source>
        <translation>偷天换日 / 移花接木 — 换一张手牌</translation>
    </message>
    <message>
        <source>1. Click the hand tile to give away:</source>
        <translation>1. 点击要换出的手牌：</translation>
    </message>
    <message>
        <source>2. Click the tile to take from the wall (only tiles still in it):</source>
        <translation>2. 点击要从牌山换入的牌（只有牌山中还有的）：</translation>
    </message>
    <message>
        <source>Swap for chosen</source>
        <translation>换成选中的牌</translation>
    </message>
    <message>
        <source>Swap for the chosen tile</source>
        <translation>换成选中的牌</translation>
    </message>
    <message>
        <source>Swap for random</source>
        <translation>换成随机的牌</translation>
    </message>
    <message>
        <source>Swap for a random tile</source>
        <translation>换成随机的牌</translation>
    </message>
    <message>
        <source>千里眼 / 顺风耳 — look into the wall</source>
        <translation>千里眼 / 顺风耳 — 查看牌山</translation>
    </message>
    <message>
        <source>Copies in the wall?</source>
        <translation>牌山里还有几张？</translation>
    </message>
    <message>
        <source>Next draw?</source>
        <translation>下一张是什么？</translation>
    </message>
    <message>
        <source>Where are the chosen kind&apos;s copies?</source>
        <translation>选中的牌在牌山的哪里？</translation>
    </message>
    <message>
        <source>What is the next draw?</source>
        <translation>下一张摸什么牌？</translation>
    </message>
    <message>
        <source>顺风耳: the wall is empty.</source>
        <translation>顺风耳：牌山已空。</translation>
    </message>
    <message>
        <source>顺风耳: the next draw is {t}.</source>
        <translation>顺风耳：下一张是{t}。</translation>
    </message>
    <message>
        <source>千里眼: {n} × {t} in the wall; the first is {d} draw(s) away (of {live}).</source>
        <translation>千里眼：牌山中有 {n} 张{t}；最近的一张在 {d} 次摸牌后（共 {live} 张）。</translation>
    </message>
    <message>
        <source>千里眼: no {t} left in the wall.</source>
        <translation>千里眼：牌山中已没有{t}。</translation>
    </message>
    <message>
        <source>Swapped: {out} went into the wall, {got} came into the hand.</source>
        <translation>已换牌：{out} 进入牌山，{got} 进入手牌。</translation>
    </message>
    <message>
        <source>This is not a practice game: start one to use the tools.</source>
        <translation>这不是练习对局：开一局练习才能使用道具。</translation>
    </message>
    <message>
        <source>Practice tools used: this game is left out of the statistics.</source>
        <translation>已使用练习道具：本局不计入统计。</translation>
    </message>
    <message>
        <source>Practice game: the tools work on your turn.</source>
        <translation>练习对局：轮到你时可以使用道具。</translation>
    </message>
    <message>
        <source>No hands recorded yet.</source>
        <translation>还没有记录的牌局。</translation>
    </message>
    <message>
        <source>{n} hands</source>
        <translation>{n} 局</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>Counted: hands played with you at the table. Practice games (undo or practice tools) and demos are left out. Win values and scores are in each family&apos;s own unit.</source>
        <translation>统计你参加的每一局。练习对局（悔棋或练习道具）与演示不计入。胡牌价值与得分按各玩法自己的单位。</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Results over time:</source>
        <translation>成绩变化：</translation>
    </message>
    <message>
        <source>Hands</source>
        <translation>局数</translation>
    </message>
    <message>
        <source>Matches (finished)</source>
        <translation>对局（已完成）</translation>
    </message>
    <message>
        <source>Win rate</source>
        <translation>胡牌率</translation>
    </message>
    <message>
        <source>Deal-in rate</source>
        <translation>点炮率</translation>
    </message>
    <message>
        <source>Average win</source>
        <translation>平均胡牌</translation>
    </message>
    <message>
        <source>Score, all hands</source>
        <translation>总得分</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <source>Lacks {suit}</source>
        <translation>缺{suit}</translation>
    </message>
    <message>
        <source>Won ({word})</source>
        <translation>已{word}</translation>
    </message>
    <message>
        <source>Hand {n}</source>
        <translation>第 {n} 局</translation>
    </message>
    <message>
        <source>{honba} honba · {sticks}</source>
        <translation>{honba} 本场 · 供托 {sticks}</translation>
    </message>
    <message>
        <source>Wall {n}</source>
        <translation>余牌 {n}</translation>
    </message>
    <message>
        <source>Last four tiles</source>
        <translation>最后四张</translation>
    </message>
    <message>
        <source>A win must be taken</source>
        <translation>有胡必胡</translation>
    </message>
    <message>
        <source>The 财神 stack: its two tiles, turned up, chose the 财神</source>
        <translation>财神墩：这两张翻开的牌定出财神</translation>
    </message>
    <message>
        <source>The next draw comes from this stack</source>
        <translation>下一张从这一墩摸</translation>
    </message>
    <message>
        <source>Replacement tiles come from this stack</source>
        <translation>补花、补杠从这一墩摸</translation>
    </message>
    <message>
        <source>Reserve: not drawn before the hand ends</source>
        <translation>留牌：到最后也不摸</translation>
    </message>
    <message>
        <source>Dealer throws {n}</source>
        <translation>庄家掷 {n}</translation>
    </message>
    <message>
        <source>{wind} throws {n}</source>
        <translation>{wind}家掷 {n}</translation>
    </message>
    <message>
        <source>{throws}: {n} stacks</source>
        <translation>{throws}，共 {n} 墩</translation>
    </message>
    <message>
        <source>财神: {wind}&apos;s wall, stack {n}</source>
        <translation>财神：{wind}家牌墙第 {n} 墩</translation>
    </message>
    <message>
        <source>Reserve: {n} stacks ({base} + {kans} for each {kan})</source>
        <translation>留牌 {n} 墩（{base} 墩 + 每{kan} 1 墩 × {kans}）</translation>
    </message>
    <message>
        <source>Reserve: {n} stacks (one more for each {kan})</source>
        <translation>留牌 {n} 墩（每{kan}加留 1 墩）</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>骰子</translation>
    </message>
    <message>
        <source>财神 (wild)</source>
        <translation>财神</translation>
    </message>
    <message>
        <source>Where the deal broke the wall</source>
        <translation>牌墙断开处</translation>
    </message>
    <message>
        <source>&amp;Rules editor…</source>
        <translation>规则编辑器(&amp;R)…</translation>
    </message>
    <message>
        <source>Rule &amp;book…</source>
        <translation>规则书(&amp;B)…</translation>
    </message>
    <message>
        <source>Scoring &amp;calculator…</source>
        <translation>计分计算器(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Drills…</source>
        <translation>练习题(&amp;D)…</translation>
    </message>
    <message>
        <source>Practice &amp;sandbox</source>
        <translation>练习沙盒(&amp;S)</translation>
    </message>
    <message>
        <source>S&amp;tatistics…</source>
        <translation>统计(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Study</source>
        <translation>学习(&amp;S)</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>继续对局</translation>
    </message>
    <message>
        <source>New game…</source>
        <translation>新对局…</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>读取…</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <source>Saved: {name}</source>
        <translation>已保存：{name}</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>游戏(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>新对局(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Continue</source>
        <translation>继续(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Load…</source>
        <translation>读取(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Retry autosave</source>
        <translation>重试自动保存(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Undo (practice)</source>
        <translation>悔棋（练习）(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Quick game</source>
        <translation>快速开局</translation>
    </message>
    <message>
        <source>&amp;Practice panel</source>
        <translation>练习面板(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>{family} with its default rules, against three {level} AI seats</source>
        <translation>{family}，默认规则，对阵三家{level}电脑</translation>
    </message>
    <message>
        <source>There is no autosaved game.</source>
        <translation>没有自动保存的对局。</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>保存对局</translation>
    </message>
    <message>
        <source>Tilehouse saves (*.thsave)</source>
        <translation>Tilehouse 存档 (*.thsave)</translation>
    </message>
    <message>
        <source>Load game</source>
        <translation>读取对局</translation>
    </message>
    <message>
        <source>Tilehouse saves (*.thsave);;Game logs (*.jsonl *.log);;All files (*)</source>
        <translation>Tilehouse 存档 (*.thsave);;牌谱 (*.jsonl *.log);;所有文件 (*)</translation>
    </message>
    <message>
        <source>This file cannot be loaded; nothing was changed.</source>
        <translation>无法打开这个文件；什么都没有改变。</translation>
    </message>
    <message>
        <source>Another Tilehouse window is running. This one autosaves to {name}, so neither overwrites the other&apos;s game.</source>
        <translation>另一个 Tilehouse 正在进行中。这里自动保存到 {name}，两边的对局不会互相写掉。</translation>
    </message>
    <message>
        <source>Too many Tilehouse windows are running: this one does not autosave.</source>
        <translation>同时打开的 Tilehouse 太多：这里不自动保存。</translation>
    </message>
    <message>
        <source>Autosave failed: the disk is full.</source>
        <translation>自动保存出了问题：硬盘没有空间了。</translation>
    </message>
    <message>
        <source>Autosave failed: the saves folder cannot be written.</source>
        <translation>自动保存出了问题：存档目录无法写入。</translation>
    </message>
    <message>
        <source>Autosave failed: {error}</source>
        <translation>自动保存出了问题：{error}</translation>
    </message>
    <message>
        <source>The game goes on and the last autosave is kept; it is retried at every move.</source>
        <translation>对局继续，上一次的自动保存仍然保留；每走一步都会重试。</translation>
    </message>
    <message>
        <source>Still failing.</source>
        <translation>还是不行。</translation>
    </message>
    <message>
        <source>Autosaved.</source>
        <translation>已自动保存。</translation>
    </message>
    <message>
        <source>Undo is for practice games, after one of your own moves.</source>
        <translation>只有练习对局在你行动之后才能悔棋。</translation>
    </message>
    <message>
        <source>Bot {n}</source>
        <translation>机器人 {n}</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>AI {n}</source>
        <translation>AI {n}</translation>
    </message>
    <message>
        <source>Seat {n}</source>
        <translation>座位 {n}</translation>
    </message>
    <message>
        <source>&amp;Record</source>
        <translation>牌谱(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Open game record…</source>
        <translation>打开牌谱(&amp;O)…</translation>
    </message>
    <message>
        <source>Export as &amp;tenhou.net/6 JSON…</source>
        <translation>导出为 tenhou.net/6 JSON(&amp;T)…</translation>
    </message>
    <message>
        <source>Export as &amp;mjai…</source>
        <translation>导出为 mjai(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Move</source>
        <translation>移动(&amp;M)</translation>
    </message>
    <message>
        <source>Next action</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Previous action</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Next turn</source>
        <translation>下一巡</translation>
    </message>
    <message>
        <source>Previous turn</source>
        <translation>上一巡</translation>
    </message>
    <message>
        <source>Previous hand</source>
        <translation>上一局</translation>
    </message>
    <message>
        <source>Start of the game</source>
        <translation>对局开始</translation>
    </message>
    <message>
        <source>End of the game</source>
        <translation>对局结束</translation>
    </message>
    <message>
        <source>Game record</source>
        <translation>牌谱</translation>
    </message>
    <message>
        <source>Seat at the bottom:</source>
        <translation>下方座位：</translation>
    </message>
    <message>
        <source>Open table (every hand face up)</source>
        <translation>明牌（所有手牌翻开）</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>Start of the game (Home)</source>
        <translation>对局开始（Home）</translation>
    </message>
    <message>
        <source>Previous hand (PgUp)</source>
        <translation>上一局（PgUp）</translation>
    </message>
    <message>
        <source>Previous turn (↑)</source>
        <translation>上一巡（↑）</translation>
    </message>
    <message>
        <source>Previous action (←)</source>
        <translation>上一步（←）</translation>
    </message>
    <message>
        <source>Next action (→)</source>
        <translation>下一步（→）</translation>
    </message>
    <message>
        <source>Next turn (↓)</source>
        <translation>下一巡（↓）</translation>
    </message>
    <message>
        <source>Next hand (PgDn)</source>
        <translation>下一局（PgDn）</translation>
    </message>
    <message>
        <source>End of the game (End)</source>
        <translation>对局结束（End）</translation>
    </message>
    <message>
        <source>◀ Hand</source>
        <translation>◀ 局</translation>
    </message>
    <message>
        <source>◀ Turn</source>
        <translation>◀ 巡</translation>
    </message>
    <message>
        <source>Turn ▶</source>
        <translation>巡 ▶</translation>
    </message>
    <message>
        <source>Hand ▶</source>
        <translation>局 ▶</translation>
    </message>
    <message>
        <source>Any position of the game</source>
        <translation>对局中的任意位置</translation>
    </message>
    <message>
        <source>No game record is open.</source>
        <translation>还没有打开牌谱。</translation>
    </message>
    <message>
        <source>Reading {name}…</source>
        <translation>正在读取 {name}…</translation>
    </message>
    <message>
        <source>{name} cannot be opened: {problem}</source>
        <translation>无法打开 {name}：{problem}</translation>
    </message>
    <message>
        <source>The engine&apos;s replay of this file differs from the results it states.</source>
        <translation>引擎重放的结果与文件中记载的结果不同。</translation>
    </message>
    <message>
        <source>{n} / {total}</source>
        <translation>{n} / {total}</translation>
    </message>
    <message>
        <source>The game on the table</source>
        <translation>桌上的对局</translation>
    </message>
    <message>
        <source>{hand} · action {n} of {total}</source>
        <translation>{hand} · 第 {n} 步，共 {total} 步</translation>
    </message>
    <message>
        <source>The start of the game.</source>
        <translation>对局开始。</translation>
    </message>
    <message>
        <source>Last: {seat} — {action}</source>
        <translation>上一步：{seat} — {action}</translation>
    </message>
    <message>
        <source>The hand is over.</source>
        <translation>本局结束。</translation>
    </message>
    <message>
        <source>Choose the tile to discard with riichi.</source>
        <translation>请选择立直宣言牌。</translation>
    </message>
    <message>
        <source>Choose three tiles of one suit to pass on.</source>
        <translation>请选择三张同花色的牌交换。</translation>
    </message>
    <message>
        <source>Those three tiles cannot be passed on together.</source>
        <translation>这三张牌不能一起交换。</translation>
    </message>
    <message>
        <source>Tilehouse</source>
        <translation>麻将馆 Tilehouse</translation>
    </message>
    <message>
        <source>A {family} game is saved as a Tilehouse log; tenhou.net/6 and mjai hold four-player Japanese riichi games only.</source>
        <translation>{family}对局以 Tilehouse 牌谱保存；tenhou.net/6 与 mjai 只能记录四人日本麻将对局。</translation>
    </message>
    <message>
        <source>tenhou.net/6 and mjai hold four-player games only.</source>
        <translation>tenhou.net/6 与 mjai 只能记录四人对局。</translation>
    </message>
    <message>
        <source>A game where practice tools changed the walls cannot be exported.</source>
        <translation>用练习道具改动过牌山的对局不能导出。</translation>
    </message>
    <message>
        <source>tenhou.net/6 and mjai need seat 1 as the first dealer.</source>
        <translation>tenhou.net/6 与 mjai 要求座位 1 为起庄。</translation>
    </message>
    <message>
        <source>There is no game to export.</source>
        <translation>没有可导出的对局。</translation>
    </message>
    <message>
        <source>No hand of this game has finished yet.</source>
        <translation>本场对局还没有打完的一局。</translation>
    </message>
    <message>
        <source>Export record</source>
        <translation>导出牌谱</translation>
    </message>
    <message>
        <source>{format} (*{suffix});;All files (*)</source>
        <translation>{format} (*{suffix});;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export record as {format}</source>
        <translation>导出牌谱为 {format}</translation>
    </message>
    <message>
        <source>{name} was not written: {problem}</source>
        <translation>未能写入 {name}：{problem}</translation>
    </message>
    <message>
        <source>Open game &amp;record…</source>
        <translation>打开牌谱(&amp;R)…</translation>
    </message>
    <message>
        <source>Re&amp;view my play…</source>
        <translation>复盘我的打法(&amp;V)…</translation>
    </message>
    <message>
        <source>Export record as &amp;tenhou.net/6 JSON…</source>
        <translation>导出牌谱为 tenhou.net/6 JSON(&amp;T)…</translation>
    </message>
    <message>
        <source>Export record as m&amp;jai…</source>
        <translation>导出牌谱为 mjai(&amp;J)…</translation>
    </message>
    <message>
        <source>There is no game on the table.</source>
        <translation>桌上没有对局。</translation>
    </message>
    <message>
        <source>The finished hands of the game on the table</source>
        <translation>桌上对局中已打完的各局</translation>
    </message>
    <message>
        <source>Open game record</source>
        <translation>打开牌谱</translation>
    </message>
    <message>
        <source>Game records ({patterns});;All files (*)</source>
        <translation>牌谱 ({patterns});;所有文件 (*)</translation>
    </message>
    <message>
        <source>The same choice as the strong AI</source>
        <translation>与高手 AI 的选择相同</translation>
    </message>
    <message>
        <source>A win worth {value} was let go by</source>
        <comment>japanese</comment>
        <translation>放过了价值 {value} 的和了</translation>
    </message>
    <message>
        <source>A win worth {value} was let go by</source>
        <translation>放过了价值 {value} 的胡牌</translation>
    </message>
    <message>
        <source>{n} more shanten than after the AI&apos;s choice</source>
        <translation>比 AI 的选择多 {n} 向听</translation>
    </message>
    <message>
        <source>{n} step(s) further from ready than after the AI&apos;s choice</source>
        <translation>比 AI 的选择离听牌远 {n} 步</translation>
    </message>
    <message>
        <source>{n} fewer tiles improve the hand than after the AI&apos;s choice</source>
        <translation>进张比 AI 的选择少 {n} 张</translation>
    </message>
    <message>
        <source>About {n}% more likely to deal in than the AI&apos;s choice</source>
        <comment>japanese</comment>
        <translation>放铳的可能比 AI 的选择高约 {n}%</translation>
    </message>
    <message>
        <source>About {n}% more likely to deal in than the AI&apos;s choice</source>
        <translation>点炮的可能比 AI 的选择高约 {n}%</translation>
    </message>
    <message>
        <source>Worth about {value} less if the hand wins</source>
        <comment>japanese</comment>
        <translation>和了时约少 {value}</translation>
    </message>
    <message>
        <source>Worth about {value} less if the hand wins</source>
        <translation>胡牌时约少 {value}</translation>
    </message>
    <message>
        <source>Another choice of about the same worth</source>
        <translation>价值相近的另一种选择</translation>
    </message>
    <message>
        <source>Review beside the strong AI</source>
        <translation>与高手 AI 对照复盘</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>复盘</translation>
    </message>
    <message>
        <source>Compare every decision of this seat with the strong AI&apos;s choice</source>
        <translation>把这个座位的每个决定与高手 AI 的选择对照</translation>
    </message>
    <message>
        <source>Choose a seat and press Review.</source>
        <translation>选择座位，然后点“复盘”。</translation>
    </message>
    <message>
        <source>The strong AI is looking at every decision of {name}…</source>
        <translation>高手 AI 正在查看{name}的每个决定…</translation>
    </message>
    <message>
        <source>The review failed: {problem}</source>
        <translation>复盘失败：{problem}</translation>
    </message>
    <message>
        <source>{name} had no decision with a real choice.</source>
        <translation>{name}没有需要选择的决定。</translation>
    </message>
    <message>
        <source>{name} made the strong AI&apos;s choice at {agreed} of {total} decisions ({percent}%).</source>
        <translation>在 {total} 个决定中，{name}有 {agreed} 个与高手 AI 相同（{percent}%）。</translation>
    </message>
    <message>
        <source>The differences, largest first:</source>
        <translation>不同之处，差距大的在前：</translation>
    </message>
    <message>
        <source>{hand} · played: {played} · strong AI: {best}</source>
        <translation>{hand} · 实际：{played} · 高手 AI：{best}</translation>
    </message>
    <message>
        <source>Strong AI: {reasons}</source>
        <translation>高手 AI：{reasons}</translation>
    </message>
    <message>
        <source>The choice played: {reasons}</source>
        <translation>实际的选择：{reasons}</translation>
    </message>
</context>
</TS>
