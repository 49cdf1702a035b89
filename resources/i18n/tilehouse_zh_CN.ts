<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>tilehouse</name>
    <message>
        <location filename="../../desktop/window.py" line="170"/>
        <source>&amp;Continue</source>
        <translation>继续(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="166"/>
        <source>&amp;Game</source>
        <translation>游戏(&amp;G)</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="172"/>
        <source>&amp;Load…</source>
        <translation>读取(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="168"/>
        <source>&amp;New game…</source>
        <translation>新对局(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="179"/>
        <source>&amp;Practice panel</source>
        <translation>练习面板(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="176"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="171"/>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="183"/>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="174"/>
        <source>&amp;Undo (practice)</source>
        <translation>悔棋（练习）(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="177"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="56"/>
        <source>(first dealer)</source>
        <translation>（起庄）</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="99"/>
        <source>(yours)</source>
        <translation>（自定义）</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="64"/>
        <source>AI level of the {wind} seat</source>
        <translation>{wind}家的 AI 水平</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="69"/>
        <source>AI levels (E S W N)</source>
        <translation>AI 水平（东 南 西 北）</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="148"/>
        <source>AI pace (0 = instant)</source>
        <translation>AI 出牌间隔（0 = 立即）</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="314"/>
        <source>AI {n}</source>
        <translation>AI {n}</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="425"/>
        <source>After riichi you must discard the tile you drew.</source>
        <translation>立直后只能打出摸到的牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="142"/>
        <source>Animations</source>
        <translation>动画</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="406"/>
        <source>Answer the claim first (or pass).</source>
        <translation>请先选择鸣牌或跳过。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="71"/>
        <source>As the ruleset says</source>
        <translation>按规则设定</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="533"/>
        <source>Best discards:</source>
        <translation>推荐打法：</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="123"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="463"/>
        <source>Choose the tile to discard with riichi.</source>
        <translation>请选择立直宣言牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="465"/>
        <source>Choose three tiles of one suit to pass on.</source>
        <translation>请选择三张同花色的牌交换。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="154"/>
        <source>Claim timer</source>
        <translation>鸣牌倒计时</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="521"/>
        <source>Complete hand</source>
        <translation>已和牌型</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="107"/>
        <source>Continue</source>
        <translation>继续对局</translation>
    </message>
    <message>
        <location filename="../../desktop/scene.py" line="777"/>
        <source>Dealer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <location filename="../../desktop/scene.py" line="833"/>
        <source>Dice</source>
        <translation>骰子</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="160"/>
        <source>Discard the drawn tile after riichi</source>
        <translation>立直后自动摸切</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="161"/>
        <source>Discard the lacking suit first (Sichuan)</source>
        <translation>优先打缺门（四川）</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="135"/>
        <source>Discard with</source>
        <translation>出牌方式</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="428"/>
        <source>Discard your lacking suit ({suit}) first.</source>
        <translation>请先打完缺门（{suit}）。</translation>
    </message>
    <message>
        <location filename="../../desktop/scene.py" line="823"/>
        <source>Dora indicators</source>
        <translation>宝牌指示牌</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="133"/>
        <source>Double click</source>
        <translation>双击</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="52"/>
        <source>Family</source>
        <translation>玩法</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="137"/>
        <source>Fast</source>
        <translation>快</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="374"/>
        <source>Final standings</source>
        <translation>最终排名</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="420"/>
        <source>Flowers are set aside and replaced automatically.</source>
        <translation>花牌会自动补花，不能打出。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="567"/>
        <source>Furiten: you discarded one of your waits, so you may not win on a discard.</source>
        <translation>振听：你打过自己听的牌，不能荣和。</translation>
    </message>
    <message>
        <location filename="../../desktop/scene.py" line="557"/>
        <source>Hand {n}</source>
        <translation>第 {n} 局</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="472"/>
        <source>It is not your turn.</source>
        <translation>还没轮到你。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="430"/>
        <source>Kuikae: you may not discard a tile that completes the set you just called.</source>
        <translation>食替：不能打出与刚鸣的面子相同作用的牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="165"/>
        <source>Lack {suit}</source>
        <translation>缺{suit}</translation>
    </message>
    <message>
        <location filename="../../desktop/scene.py" line="782"/>
        <source>Lacks {suit}</source>
        <translation>缺{suit}</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="130"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="262"/>
        <source>Load game</source>
        <translation>读取对局</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="110"/>
        <source>Load…</source>
        <translation>读取…</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="199"/>
        <source>Mahjong against three computer players, under real regional rules: Japanese riichi, Sichuan bloody battle and Lingxi.</source>
        <translation>与三家电脑对局，按各地真实规则：日本立直麻将、四川血战到底、灵溪麻将。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="74"/>
        <source>Match length</source>
        <translation>对局长度</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="42"/>
        <source>New game</source>
        <translation>新对局</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="109"/>
        <source>New game…</source>
        <translation>新对局…</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="207"/>
        <source>New to one of these games? Each family has a rule book: how a hand is played, how it is scored, and every house rule you can change.</source>
        <translation>刚接触其中某种玩法？每种玩法都有规则书：一局怎么打、怎么计分，以及每一条可以修改的规则。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="308"/>
        <source>Next hand</source>
        <translation>下一局</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="159"/>
        <source>No calls (pass on chi, pon, kan)</source>
        <translation>不鸣牌（自动跳过吃碰杠）</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="356"/>
        <source>Nobody was tenpai.</source>
        <translation>无人听牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="137"/>
        <source>Normal</source>
        <translation>正常</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="228"/>
        <source>Not now</source>
        <translation>以后再说</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="514"/>
        <source>Nothing to analyse now.</source>
        <translation>暂无可分析的内容。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="137"/>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="568"/>
        <source>Open hand: make sure it has a yaku (yakuhai, tanyao...), or it cannot win.</source>
        <translation>副露手牌：确认有役（役牌、断幺九……），否则不能和牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="220"/>
        <source>Open the rule book</source>
        <translation>打开规则书</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="359"/>
        <source>Payments</source>
        <translation>支付明细</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="499"/>
        <source>Practice</source>
        <translation>练习</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="75"/>
        <source>Practice (undo, practice panel)</source>
        <translation>练习模式（可悔棋、练习面板）</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="108"/>
        <source>Quick riichi game</source>
        <translation>快速开始立直麻将</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="396"/>
        <source>Riichi needs a tenpai hand: this discard would break it.</source>
        <translation>立直需要听牌：打这张就不听了。</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="279"/>
        <source>Rule book</source>
        <translation>规则书</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="53"/>
        <source>Ruleset</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="251"/>
        <source>Save game</source>
        <translation>保存对局</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="152"/>
        <source>Saved: {name}</source>
        <translation>已保存：{name}</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="374"/>
        <source>Scores</source>
        <translation>点数</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="79"/>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="122"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="162"/>
        <source>Show the practice panel</source>
        <translation>显示练习面板</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="132"/>
        <source>Single click</source>
        <translation>单击</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="137"/>
        <source>Slow</source>
        <translation>慢</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="157"/>
        <source>Sort my hand</source>
        <translation>自动理牌</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="227"/>
        <source>Start a practice game</source>
        <translation>开始练习对局</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="126"/>
        <source>System language</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="523"/>
        <source>Tenpai</source>
        <translation>听牌</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="356"/>
        <source>Tenpai: {who}</source>
        <translation>听牌：{who}</translation>
    </message>
    <message>
        <location filename="../../desktop/scene.py" line="964"/>
        <source>That tile cannot be discarded now.</source>
        <translation>现在不能打这张牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="578"/>
        <source>The hand does not reach the minimum value of this ruleset.</source>
        <translation>牌型未达到本规则的起和番数。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="576"/>
        <source>The hand would be complete but has no yaku.</source>
        <translation>牌型已成，但没有役。</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="291"/>
        <source>The rule book pages were not found.</source>
        <translation>找不到规则书页面。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="422"/>
        <source>The 财神 (wild tile) may not be discarded.</source>
        <translation>财神不能打出。</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="222"/>
        <source>Then try a first practice game: one hand in which you may undo your moves, with the practice panel showing your waits and the best discards.</source>
        <translation>然后来一局练习：只打一局，可以悔棋，练习面板会显示你的听牌和推荐打法。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="228"/>
        <source>There is no autosaved game.</source>
        <translation>没有自动保存的对局。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="500"/>
        <source>Those three tiles cannot be passed on together.</source>
        <translation>这三张牌不能一起交换。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="525"/>
        <source>Tilehouse</source>
        <translation>麻将馆 Tilehouse</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="251"/>
        <source>Tilehouse saves (*.thsave)</source>
        <translation>Tilehouse 存档 (*.thsave)</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="264"/>
        <source>Tilehouse saves (*.thsave);;Game logs (*.jsonl *.log);;All files (*)</source>
        <translation>Tilehouse 存档 (*.thsave);;牌谱 (*.jsonl *.log);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="278"/>
        <source>Undo is for practice games, after one of your own moves.</source>
        <translation>只有练习对局在你行动之后才能悔棋。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="529"/>
        <source>Waits ({n} unseen):</source>
        <translation>听牌（剩余 {n} 张）：</translation>
    </message>
    <message>
        <location filename="../../desktop/scene.py" line="563"/>
        <source>Wall {n}</source>
        <translation>余牌 {n}</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="196"/>
        <source>Welcome to Tilehouse</source>
        <translation>欢迎来到麻将馆 Tilehouse</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="545"/>
        <source>Why no win here?</source>
        <translation>为什么不能和？</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="158"/>
        <source>Win automatically</source>
        <translation>自动和牌</translation>
    </message>
    <message>
        <location filename="../../desktop/scene.py" line="784"/>
        <source>Won</source>
        <translation>已和</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="312"/>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="575"/>
        <source>You are furiten (a wait is in your own discards).</source>
        <translation>你处于振听（听的牌在自己的牌河里）。</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="205"/>
        <source>You can change the language at any time: View menu, Settings.</source>
        <translation>语言随时可以在「视图」菜单的「设置」里更改。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="577"/>
        <source>You still hold tiles of your lacking suit.</source>
        <translation>手里还有缺门的牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="57"/>
        <source>Your seat</source>
        <translation>你的座位</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="424"/>
        <source>fan</source>
        <translation>番</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="405"/>
        <source>from {name}</source>
        <translation>{name} 放铳</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="435"/>
        <source>fu</source>
        <translation>符</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="424"/>
        <source>han</source>
        <translation>番</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="152"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="78"/>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="405"/>
        <source>self-drawn</source>
        <translation>自摸</translation>
    </message>
    <message>
        <location filename="../../desktop/agents.py" line="1"/>
        <source>simple</source>
        <translation>简单</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="424"/>
        <source>tai</source>
        <translation>台</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="364"/>
        <source>the table</source>
        <translation>场上</translation>
    </message>
    <message>
        <location filename="../../desktop/scene.py" line="552"/>
        <source>{honba} honba · {sticks} sticks</source>
        <translation>{honba} 本场 · 供托 {sticks}</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="73"/>
        <source>{n} hand(s)</source>
        <translation>{n} 局</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="525"/>
        <source>{n}-shanten</source>
        <translation>{n} 向听</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="438"/>
        <source>{points} points</source>
        <translation>{points} 点</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="537"/>
        <source>{tile}: {sh}-shanten, {n} tiles improve</source>
        <translation>{tile}：{sh} 向听，进张 {n} 枚</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="343"/>
        <source>{word}!</source>
        <translation>{word}！</translation>
    </message>
    <message>
        <location filename="../../desktop/scene.py" line="844"/>
        <source>财神 (wild)</source>
        <translation>财神</translation>
    </message>
</context>
</TS>
