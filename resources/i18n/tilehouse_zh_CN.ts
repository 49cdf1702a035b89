<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>tilehouse</name>
    <message>
        <location filename="../../desktop/window.py" line="249"/>
        <source>&amp;Continue</source>
        <translation>继续(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../desktop/tools.py" line="138"/>
        <source>&amp;Drills…</source>
        <translation>练习题(&amp;D)…</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="245"/>
        <source>&amp;Game</source>
        <translation>游戏(&amp;G)</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="251"/>
        <source>&amp;Load…</source>
        <translation>读取(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="247"/>
        <source>&amp;New game…</source>
        <translation>新对局(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="259"/>
        <source>&amp;Practice panel</source>
        <translation>练习面板(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="256"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="252"/>
        <source>&amp;Retry autosave</source>
        <translation>重试自动保存(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../desktop/tools.py" line="135"/>
        <source>&amp;Rules editor…</source>
        <translation>规则编辑器(&amp;R)…</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="250"/>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="263"/>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../desktop/tools.py" line="165"/>
        <source>&amp;Study</source>
        <translation>学习(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="254"/>
        <source>&amp;Undo (practice)</source>
        <translation>悔棋（练习）(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="257"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="316"/>
        <source>(click a hand tile to choose it; right-click removes a tile)</source>
        <translation>（点击手牌选择和了牌；右键删除一张）</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="48"/>
        <source>(first dealer)</source>
        <translation>（起庄）</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="462"/>
        <source>(not needed at this limit)</source>
        <translation>（此上限下不需要）</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="395"/>
        <source>(preset, read-only)</source>
        <translation>（预设，只读）</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="770"/>
        <source>(the ruleset being edited)</source>
        <translation>（正在编辑的规则集）</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="101"/>
        <source>(yours)</source>
        <translation>（自定义）</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="792"/>
        <source>+ honba {h} + riichi sticks {s} = {t} in all</source>
        <translation>+ 本场 {h} + 立直棒 {s} = 共 {t}</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="189"/>
        <source>1. Click the hand tile to give away:</source>
        <translation>1. 点击要换出的手牌：</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="195"/>
        <source>2. Click the tile to take from the wall (only tiles still in it):</source>
        <translation>2. 点击要从牌山换入的牌（只有牌山中还有的）：</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="40"/>
        <source>A dead hand cannot win.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="39"/>
        <source>A tile of a kind you have ponged may not be discarded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="1015"/>
        <source>A win is possible now: {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="144"/>
        <source>A win must be taken</source>
        <translation>有胡必胡</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="48"/>
        <source>A winning hand may hold at most two suits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="52"/>
        <source>A 财神 cannot be won on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="51"/>
        <source>A 财神 single wait wins only by self-draw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="58"/>
        <source>AI level of the {wind} seat</source>
        <translation>{wind}家的 AI 水平</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="63"/>
        <source>AI levels (E S W N)</source>
        <translation>AI 水平（东 南 西 北）</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="150"/>
        <source>AI pace (0 = instant)</source>
        <translation>AI 出牌间隔（0 = 立即）</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="462"/>
        <source>AI {n}</source>
        <translation>AI {n}</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="332"/>
        <source>Acceptance</source>
        <translation>进张</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="206"/>
        <source>Across</source>
        <translation>对家</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="329"/>
        <source>Add meld</source>
        <translation>加入面子</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="530"/>
        <source>After</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="31"/>
        <source>After riichi you must discard the tile you drew.</source>
        <translation>立直后只能打出摸到的牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="249"/>
        <source>Allowed: {hint}</source>
        <translation>允许的值：{hint}</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="144"/>
        <source>Animations</source>
        <translation>动画</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="380"/>
        <source>Another Tilehouse window is running. This one autosaves to {name}, so neither overwrites the other's game.</source>
        <translation>另一个 Tilehouse 正在进行中。这里自动保存到 {name}，两边的对局不会互相写掉。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="25"/>
        <source>Answer the claim first (or pass).</source>
        <translation>请先选择鸣牌或跳过。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="67"/>
        <source>As the ruleset says</source>
        <translation>按规则设定</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="392"/>
        <source>Autosave failed: the disk is full.</source>
        <translation>自动保存出了问题：硬盘没有空间了。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="394"/>
        <source>Autosave failed: the saves folder cannot be written.</source>
        <translation>自动保存出了问题：存档目录无法写入。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="396"/>
        <source>Autosave failed: {error}</source>
        <translation>自动保存出了问题：{error}</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="413"/>
        <source>Autosaved.</source>
        <translation>已自动保存。</translation>
    </message>
    <message>
        <location filename="../../desktop/stats.py" line="187"/>
        <source>Average win</source>
        <translation>平均和牌</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="528"/>
        <source>Before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="1006"/>
        <source>Best discards:</source>
        <translation>推荐打法：</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="743"/>
        <source>Build a hand: click tiles, or type it in mpsz.</source>
        <translation>组一手牌：点击牌，或用 mpsz 输入。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="141"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="806"/>
        <source>Capped: paid as {n} fan</source>
        <translation>封顶：按 {n} 番支付</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="385"/>
        <source>Check</source>
        <translation>核对</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="587"/>
        <source>Choose the tile to discard with riichi.</source>
        <translation>请选择立直宣言牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="589"/>
        <source>Choose three tiles of one suit to pass on.</source>
        <translation>请选择三张同花色的牌交换。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="156"/>
        <source>Claim timer</source>
        <translation>鸣牌倒计时</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="268"/>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="272"/>
        <source>Click a tile to add it to:</source>
        <translation>点击牌，加入到：</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="302"/>
        <source>Click tiles above or type mpsz</source>
        <translation>点击上方的牌，或输入 mpsz</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="764"/>
        <source>Compare rulesets</source>
        <translation>比较规则集</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="381"/>
        <source>Compare…</source>
        <translation>比较…</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="997"/>
        <source>Complete hand</source>
        <translation>已和牌型</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="111"/>
        <source>Continue</source>
        <translation>继续对局</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="216"/>
        <source>Copies in the wall?</source>
        <translation>牌山里还有几张？</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="392"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="393"/>
        <source>Copy the situation for `tilehouse score`</source>
        <translation>复制给 `tilehouse score` 用的牌况</translation>
    </message>
    <message>
        <location filename="../../desktop/stats.py" line="154"/>
        <source>Counted: hands played with you at the table. Practice games (undo or practice tools) and demos are left out. Win values and scores are in each family's own unit.</source>
        <translation>统计你参加的每一局。练习对局（悔棋或练习道具）与演示不计入。和牌价值与点数按各玩法自己的单位。</translation>
    </message>
    <message>
        <location filename="../../desktop/agents.py" line="1"/>
        <source>Counted: hands played with you at the table. Practice games (undo or practice tools) and demos are left out. Win values are in each family's points (riichi points, Sichuan points, Lingxi 台).</source>
        <translation>统计你参加的每一局。练习对局（悔棋或练习道具）与演示不计入。和牌价值按各玩法自己的单位（立直为点，四川为分，灵溪为台）。</translation>
    </message>
    <message>
        <location filename="../../desktop/stats.py" line="186"/>
        <source>Deal-in rate</source>
        <translation>放铳率</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="99"/>
        <source>Dealer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="172"/>
        <source>Dealer throws {n}</source>
        <translation>庄家掷 {n}</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="193"/>
        <source>Dice</source>
        <translation>骰子</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="232"/>
        <source>Differs from the base preset</source>
        <translation>与基础预设不同</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="332"/>
        <source>Discard</source>
        <translation>打出</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="162"/>
        <source>Discard the drawn tile after riichi</source>
        <translation>立直后自动摸切</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="163"/>
        <source>Discard the lacking suit first (Sichuan)</source>
        <translation>优先打缺门（四川）</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="137"/>
        <source>Discard with</source>
        <translation>出牌方式</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="35"/>
        <source>Discard your lacking suit ({suit}) first.</source>
        <translation>请先打完缺门（{suit}）。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="1031"/>
        <source>Discard {tile}</source>
        <translation>打{tile}</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="282"/>
        <source>Dora indicators</source>
        <translation>宝牌指示牌</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="135"/>
        <source>Double click</source>
        <translation>双击</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="816"/>
        <source>Doubled: {n} 台</source>
        <translation>翻倍：{n} 台</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="773"/>
        <source>Drag to move; double-click to put the panel back in its place</source>
        <translation>按下标题可移动面板；双击标题放回原处</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="541"/>
        <source>Drills</source>
        <translation>练习题</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="807"/>
        <source>Each payer pays {n}.</source>
        <translation>每位付款者支付 {n}。</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="824"/>
        <source>Each player pays {e}.</source>
        <translation>每家付 {e}。</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="591"/>
        <source>Editing {source} ({kind}); base preset {base}: {n} value(s) differ.</source>
        <translation>正在编辑 {source}（{kind}）；基础预设 {base}：{n} 项不同。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="478"/>
        <source>Every seat's {unit}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="712"/>
        <source>Export the ruleset</source>
        <translation>导出规则集</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="719"/>
        <source>Exported to {path}.</source>
        <translation>已导出到 {path}。</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="380"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="44"/>
        <source>Family</source>
        <translation>玩法</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="803"/>
        <source>Fan (番)</source>
        <translation>番数</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="139"/>
        <source>Fast</source>
        <translation>快</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="531"/>
        <source>Final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="515"/>
        <source>Final standings</source>
        <translation>最终排名</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="818"/>
        <source>Final: {n} 台</source>
        <translation>最终：{n} 台</translation>
    </message>
    <message>
        <location filename="../../desktop/rulebook.py" line="372"/>
        <source>Find in this page…</source>
        <translation>在本页中查找…</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="367"/>
        <source>Flags</source>
        <translation>标志</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="285"/>
        <source>Flowers</source>
        <translation>花牌</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="29"/>
        <source>Flowers are set aside and replaced automatically.</source>
        <translation>花牌会自动补花，不能打出。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="774"/>
        <source>Fold the panel</source>
        <translation>收起面板</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="55"/>
        <source>Furiten: you discarded one of your waits, so you may not win on a discard.</source>
        <translation>振听：你打过自己听的牌，不能荣和。</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="280"/>
        <source>Hand</source>
        <translation>手牌</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="307"/>
        <source>Hand (concealed tiles, the winning tile included)</source>
        <translation>手牌（暗牌，含和了牌）</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="124"/>
        <source>Hand {n}</source>
        <translation>第 {n} 局</translation>
    </message>
    <message>
        <location filename="../../desktop/stats.py" line="183"/>
        <source>Hands</source>
        <translation>局数</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="156"/>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="740"/>
        <source>Hint</source>
        <translation>提示</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="381"/>
        <source>Honba</source>
        <translation>本场</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="685"/>
        <source>Import a ruleset</source>
        <translation>导入规则集</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="697"/>
        <source>Imported as {name}.</source>
        <translation>已导入为 {name}。</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="379"/>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="41"/>
        <source>In the last four tiles every player only draws.</source>
        <translation>最后四张里每家只摸牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="22"/>
        <source>It is not your turn.</source>
        <translation>还没轮到你。</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="778"/>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="36"/>
        <source>Kuikae: you may not discard a tile that completes the set you just called.</source>
        <translation>食替：不能打出与刚鸣的面子相同作用的牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="1037"/>
        <source>Lack {suit}</source>
        <translation>缺{suit}</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="104"/>
        <source>Lacks {suit}</source>
        <translation>缺{suit}</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="132"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="143"/>
        <source>Last four tiles</source>
        <translation>最后四张</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="206"/>
        <source>Left</source>
        <translation>上家</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="343"/>
        <source>Load game</source>
        <translation>读取对局</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="114"/>
        <source>Load…</source>
        <translation>读取…</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="193"/>
        <source>Mahjong against three computer players, under real regional rules: Japanese riichi, Sichuan bloody battle and Lingxi.</source>
        <translation>与三家电脑对局，按各地真实规则：日本立直麻将、四川血战到底、灵溪麻将。</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="425"/>
        <source>Making a hand…</source>
        <translation>正在生成手牌…</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="175"/>
        <source>Making a position from a simulated game…</source>
        <translation>正在从模拟对局中生成局面…</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="70"/>
        <source>Match length</source>
        <translation>对局长度</translation>
    </message>
    <message>
        <location filename="../../desktop/stats.py" line="184"/>
        <source>Matches (finished)</source>
        <translation>对局（已完成）</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="334"/>
        <source>Melds (called sets and kans)</source>
        <translation>面子（鸣牌与杠）</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="648"/>
        <source>Name of your ruleset:</source>
        <translation>你的规则集名称：</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="34"/>
        <source>New game</source>
        <translation>新对局</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="382"/>
        <source>New game with this ruleset…</source>
        <translation>用此规则开新对局…</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="113"/>
        <source>New game…</source>
        <translation>新对局…</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="281"/>
        <source>New meld</source>
        <translation>新面子</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="201"/>
        <source>New to one of these games? Each family has a rule book: how a hand is played, how it is scored, and every house rule you can change.</source>
        <translation>刚接触其中某种玩法？每种玩法都有规则书：一局怎么打、怎么计分，以及每一条可以修改的规则。</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="551"/>
        <source>Next</source>
        <translation>下一题</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="218"/>
        <source>Next draw?</source>
        <translation>下一张是什么？</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="312"/>
        <source>Next hand</source>
        <translation>下一局</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="94"/>
        <source>No answers yet.</source>
        <translation>还没有作答。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="161"/>
        <source>No calls (pass on chi, pon, kan)</source>
        <translation>不鸣牌（自动跳过吃碰杠）</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="633"/>
        <source>No drill could be made: {e}</source>
        <translation>无法生成练习题：{e}</translation>
    </message>
    <message>
        <location filename="../../desktop/stats.py" line="92"/>
        <source>No hands recorded yet.</source>
        <translation>还没有记录的牌局。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="923"/>
        <source>No hint for this decision.</source>
        <translation>这一步没有提示。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="448"/>
        <source>Nobody was tenpai.</source>
        <translation>无人听牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="139"/>
        <source>Normal</source>
        <translation>正常</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="764"/>
        <source>Not a valid win</source>
        <translation>不是有效的和牌</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="348"/>
        <source>Not a winner (base 台)</source>
        <translation>未胡牌（基本台）</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="222"/>
        <source>Not now</source>
        <translation>以后再说</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="523"/>
        <source>Not quite.</source>
        <translation>不太对。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="995"/>
        <source>Nothing to analyse now.</source>
        <translation>暂无可分析的内容。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="139"/>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="471"/>
        <source>On a discard (ron)</source>
        <translation>点炮（荣和）</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="58"/>
        <source>Open hand without a yaku on any wait: it cannot win as it stands.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/agents.py" line="1"/>
        <source>Open hand: make sure it has a yaku (yakuhai, tanyao...), or it cannot win.</source>
        <translation>副露手牌：确认有役（役牌、断幺九……），否则不能和牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="214"/>
        <source>Open the rule book</source>
        <translation>打开规则书</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="493"/>
        <source>Payments</source>
        <translation>支付明细</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="527"/>
        <source>Player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="803"/>
        <source>Points (分)</source>
        <translation>分数</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="720"/>
        <source>Practice</source>
        <translation>练习</translation>
    </message>
    <message>
        <location filename="../../desktop/tools.py" line="139"/>
        <source>Practice &amp;sandbox</source>
        <translation>练习沙盒(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="71"/>
        <source>Practice (undo, practice panel)</source>
        <translation>练习模式（可悔棋、练习面板）</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="400"/>
        <source>Practice game: the tools work on your turn.</source>
        <translation>练习对局：轮到你时可以使用道具。</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="135"/>
        <source>Practice sandbox</source>
        <translation>练习沙盒</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="148"/>
        <source>Practice tools change the wall or show what is hidden: they work in practice games only, and a game where one is used is marked and left out of the statistics.</source>
        <translation>练习道具会改变牌山或显示隐藏的牌：只能在练习对局中使用，用过道具的对局会被标记，并且不计入统计。</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="398"/>
        <source>Practice tools used: this game is left out of the statistics.</source>
        <translation>已使用练习道具：本局不计入统计。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="112"/>
        <source>Quick riichi game</source>
        <translation>快速开始立直麻将</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="332"/>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="772"/>
        <source>Rank your options with the strong AI's reasons</source>
        <translation>用高手 AI 为你的选择排序并说明理由</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="361"/>
        <source>Ranked by the strong AI (engine.ai.hints): its expected value of each discard, with its reasons; acceptance counts the unseen tiles that bring the hand closer. Position from simulated game {g}.</source>
        <translation>由强 AI（engine.ai.hints）排名：每种打法的期望值及理由；进张数为能使手牌更接近和牌的未见牌数。局面来自模拟对局 {g}。</translation>
    </message>
    <message>
        <location filename="../../desktop/stats.py" line="161"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="333"/>
        <source>Remove meld</source>
        <translation>删除面子</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="306"/>
        <source>Remove the last tile</source>
        <translation>删除最后一张</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="158"/>
        <source>Replacement tiles come from this stack</source>
        <translation>补花、补杠从这一墩摸</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="160"/>
        <source>Reserve: not drawn before the hand ends</source>
        <translation>留牌：到最后也不摸</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="190"/>
        <source>Reserve: {n} stacks (one more for each {kan})</source>
        <translation>留牌 {n} 墩（每{kan}加留 1 墩）</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="187"/>
        <source>Reserve: {n} stacks ({base} + {kans} for each {kan})</source>
        <translation>留牌 {n} 墩（{base} 墩 + 每{kan} 1 墩 × {kans}）</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="377"/>
        <source>Reset all</source>
        <translation>全部重置</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="258"/>
        <source>Reset to the base preset</source>
        <translation>恢复为基础预设的值</translation>
    </message>
    <message>
        <location filename="../../desktop/stats.py" line="164"/>
        <source>Results over time:</source>
        <translation>成绩变化：</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="154"/>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="206"/>
        <source>Right</source>
        <translation>下家</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="523"/>
        <source>Right!</source>
        <translation>正确！</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="310"/>
        <source>Right: {tile} is the AI's choice too.</source>
        <translation>正确：AI 也选择 {tile}。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="32"/>
        <source>Riichi needs a tenpai hand: this discard would break it.</source>
        <translation>立直需要听牌：打这张就不听了。</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="382"/>
        <source>Riichi sticks</source>
        <translation>立直棒</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="346"/>
        <source>Ron (a discard)</source>
        <translation>荣和（点炮）</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="378"/>
        <source>Round wind</source>
        <translation>场风</translation>
    </message>
    <message>
        <location filename="../../desktop/tools.py" line="136"/>
        <source>Rule &amp;book…</source>
        <translation>规则书(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="232"/>
        <source>Rule book</source>
        <translation>规则书</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="279"/>
        <source>Rules editor</source>
        <translation>规则编辑器</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="45"/>
        <source>Ruleset</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="623"/>
        <source>Ruleset refused</source>
        <translation>规则集被拒绝</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="714"/>
        <source>Rulesets (*.toml)</source>
        <translation>规则集 (*.toml)</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="685"/>
        <source>Rulesets (*.toml);;All files (*)</source>
        <translation>规则集 (*.toml);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../desktop/tools.py" line="140"/>
        <source>S&amp;tatistics…</source>
        <translation>统计(&amp;T)…</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="378"/>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="332"/>
        <source>Save game</source>
        <translation>保存对局</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="648"/>
        <source>Save ruleset</source>
        <translation>保存规则集</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="661"/>
        <source>Saved as {name}.</source>
        <translation>已保存为 {name}。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="220"/>
        <source>Saved: {name}</source>
        <translation>已保存：{name}</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="414"/>
        <source>Score</source>
        <translation>计分</translation>
    </message>
    <message>
        <location filename="../../desktop/stats.py" line="188"/>
        <source>Score, all hands</source>
        <translation>总得分</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="515"/>
        <source>Scores</source>
        <translation>点数</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="557"/>
        <source>Scoring</source>
        <translation>计分</translation>
    </message>
    <message>
        <location filename="../../desktop/tools.py" line="137"/>
        <source>Scoring &amp;calculator…</source>
        <translation>计分计算器(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="255"/>
        <source>Scoring calculator</source>
        <translation>计分计算器</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="376"/>
        <source>Search toggles (key, title, description)…</source>
        <translation>搜索规则（键、名称、说明）…</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="377"/>
        <source>Seat</source>
        <translation>座位</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="75"/>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="471"/>
        <source>Self-draw (tsumo)</source>
        <translation>自摸</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="124"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="332"/>
        <source>Shanten</source>
        <translation>向听</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="768"/>
        <source>Show every key</source>
        <translation>显示全部键</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="164"/>
        <source>Show the practice panel</source>
        <translation>显示练习面板</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="134"/>
        <source>Single click</source>
        <translation>单击</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="139"/>
        <source>Slow</source>
        <translation>慢</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="159"/>
        <source>Sort my hand</source>
        <translation>自动理牌</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="166"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="221"/>
        <source>Start a practice game</source>
        <translation>开始练习对局</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="375"/>
        <source>Start from</source>
        <translation>基于</translation>
    </message>
    <message>
        <location filename="../../desktop/stats.py" line="144"/>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="399"/>
        <source>Still failing.</source>
        <translation>还是不行。</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="181"/>
        <source>Swap</source>
        <translation>换牌</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="205"/>
        <source>Swap for a random tile</source>
        <translation>换成随机的牌</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="201"/>
        <source>Swap for chosen</source>
        <translation>换成选中的牌</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="204"/>
        <source>Swap for random</source>
        <translation>换成随机的牌</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="202"/>
        <source>Swap for the chosen tile</source>
        <translation>换成选中的牌</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="329"/>
        <source>Swapped: {out} went into the wall, {got} came into the hand.</source>
        <translation>已换牌：{out} 进入牌山，{got} 进入手牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="128"/>
        <source>System language</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="999"/>
        <source>Tenpai</source>
        <translation>听牌</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="448"/>
        <source>Tenpai: {who}</source>
        <translation>听牌：{who}</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="27"/>
        <source>That is not possible now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="291"/>
        <source>That tile cannot be discarded here.</source>
        <translation>这张牌现在不能打。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="28"/>
        <source>That tile cannot be discarded now.</source>
        <translation>现在不能打这张牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="26"/>
        <source>That tile is not in your hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="313"/>
        <source>The AI prefers {best}; your {tile} ranks {rank} of {n} (score {s}).</source>
        <translation>AI 选择 {best}；你的 {tile} 排第 {rank}/{n}（得分 {s}）。</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="821"/>
        <source>The dealer pays {d}, each other player {e}.</source>
        <translation>庄家付 {d}，其余每家付 {e}。</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="784"/>
        <source>The discarder pays {n}.</source>
        <translation>放铳者支付 {n}。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="397"/>
        <source>The game goes on and the last autosave is kept; it is retried at every move.</source>
        <translation>对局继续，上一次的自动保存仍然保留；每走一步都会重试。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="49"/>
        <source>The hand does not reach the minimum value of this ruleset.</source>
        <translation>牌型未达到本规则的起和番数。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="46"/>
        <source>The hand would be complete but has no yaku.</source>
        <translation>牌型已成，但没有役。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="59"/>
        <source>The last four tiles: every player only draws.</source>
        <translation>最后四张：每家只摸牌，不打牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="60"/>
        <source>The last tiles: a win must be taken.</source>
        <translation>最后几张：能胡必须胡。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="24"/>
        <source>The match is over.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="156"/>
        <source>The next draw comes from this stack</source>
        <translation>下一张从这一墩摸</translation>
    </message>
    <message>
        <location filename="../../desktop/rulebook.py" line="290"/>
        <source>The rule book page of this family was not found.</source>
        <translation>找不到这种玩法的规则书页面。</translation>
    </message>
    <message>
        <location filename="../../desktop/agents.py" line="1"/>
        <source>The rule book pages were not found.</source>
        <translation>找不到规则书页面。</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="834"/>
        <source>The ruleset being edited has problems: fix them to compare.</source>
        <translation>正在编辑的规则集有问题：请先改正再比较。</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="143"/>
        <source>The table</source>
        <translation>牌桌</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="54"/>
        <source>The tile does not complete the hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="369"/>
        <source>The win</source>
        <translation>和牌</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="391"/>
        <source>The winning hand</source>
        <translation>和牌的手牌</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="30"/>
        <source>The 财神 (wild tile) may not be discarded.</source>
        <translation>财神不能打出。</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="154"/>
        <source>The 财神 stack: its two tiles, turned up, chose the 财神</source>
        <translation>财神墩：这两张翻开的牌定出财神</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="216"/>
        <source>Then try a first practice game: one hand in which you may undo your moves, with the practice panel showing your waits and the best discards.</source>
        <translation>然后来一局练习：只打一局，可以悔棋，练习面板会显示你的听牌和推荐打法。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="309"/>
        <source>There is no autosaved game.</source>
        <translation>没有自动保存的对局。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="23"/>
        <source>There is no such seat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="910"/>
        <source>Thinking…</source>
        <translation>思考中…</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="369"/>
        <source>This file cannot be loaded; nothing was changed.</source>
        <translation>无法打开这个文件；什么都没有改变。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="529"/>
        <source>This hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="396"/>
        <source>This is not a practice game: start one to use the tools.</source>
        <translation>这不是练习对局：开一局练习才能使用道具。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="53"/>
        <source>This ruleset does not let a kan be robbed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="624"/>
        <source>Those three tiles cannot be passed on together.</source>
        <translation>这三张牌不能一起交换。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="649"/>
        <source>Tilehouse</source>
        <translation>麻将馆 Tilehouse</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="332"/>
        <source>Tilehouse saves (*.thsave)</source>
        <translation>Tilehouse 存档 (*.thsave)</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="345"/>
        <source>Tilehouse saves (*.thsave);;Game logs (*.jsonl *.log);;All files (*)</source>
        <translation>Tilehouse 存档 (*.thsave);;牌谱 (*.jsonl *.log);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="778"/>
        <source>Toggle</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="385"/>
        <source>Too many Tilehouse windows are running: this one does not autosave.</source>
        <translation>同时打开的 Tilehouse 太多：这里不自动保存。</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="347"/>
        <source>Tsumo (self-draw)</source>
        <translation>自摸</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="789"/>
        <source>Tsumo: each player pays {e}.</source>
        <translation>自摸：每家付 {e}。</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="786"/>
        <source>Tsumo: the dealer pays {d}, each other player {e}.</source>
        <translation>自摸：庄家付 {d}，其余每家付 {e}。</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="425"/>
        <source>Undo is for practice games, after one of your own moves.</source>
        <translation>只有练习对局在你行动之后才能悔棋。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="774"/>
        <source>Unfold the panel</source>
        <translation>打开面板</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="602"/>
        <source>Unsaved changes.</source>
        <translation>有未保存的修改。</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="463"/>
        <source>Ura dora</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="283"/>
        <source>Ura indicators</source>
        <translation>里宝牌指示牌</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="1003"/>
        <source>Waits ({n} unseen):</source>
        <translation>听牌（剩余 {n} 张）：</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="135"/>
        <source>Wall {n}</source>
        <translation>余牌 {n}</translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="190"/>
        <source>Welcome to Tilehouse</source>
        <translation>欢迎来到麻将馆 Tilehouse</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="225"/>
        <source>What do you discard? Click a tile.</source>
        <translation>打哪张？点击一张牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="221"/>
        <source>What is the next draw?</source>
        <translation>下一张摸什么牌？</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="556"/>
        <source>What to discard</source>
        <translation>打哪张</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="220"/>
        <source>Where are the chosen kind's copies?</source>
        <translation>选中的牌在牌山的哪里？</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="380"/>
        <source>Where the deal broke the wall</source>
        <translation>牌墙断开处</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="332"/>
        <source>Why (the strong AI)</source>
        <translation>理由（强 AI）</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="1019"/>
        <source>Why no win here?</source>
        <translation>为什么不能和？</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="160"/>
        <source>Win automatically</source>
        <translation>自动和牌</translation>
    </message>
    <message>
        <location filename="../../desktop/stats.py" line="185"/>
        <source>Win rate</source>
        <translation>和牌率</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="314"/>
        <source>Winning tile</source>
        <translation>和了牌</translation>
    </message>
    <message>
        <location filename="../../desktop/agents.py" line="1"/>
        <source>Won</source>
        <translation>已和</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="106"/>
        <source>Won ({word})</source>
        <translation>已{word}</translation>
    </message>
    <message>
        <location filename="../../desktop/window.py" line="460"/>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="42"/>
        <source>You are furiten (a wait is in your own discards).</source>
        <translation>你处于振听（听的牌在自己的牌河里）。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="43"/>
        <source>You are furiten: you let a winning tile pass since your last discard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/first_run.py" line="199"/>
        <source>You can change the language at any time: View menu, Settings.</source>
        <translation>语言随时可以在「视图」菜单的「设置」里更改。</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="50"/>
        <source>You let a win of the same value go by (过手胡).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="47"/>
        <source>You still hold tiles of your lacking suit.</source>
        <translation>手里还有缺门的牌。</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="400"/>
        <source>Your answer</source>
        <translation>你的答案</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="432"/>
        <source>Your changes are not saved. Discard them?</source>
        <translation>修改尚未保存。要放弃吗？</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="220"/>
        <source>Your discards</source>
        <translation>你的牌河</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="49"/>
        <source>Your seat</source>
        <translation>你的座位</translation>
    </message>
    <message>
        <location filename="../../desktop/agents.py" line="1"/>
        <source>beginner</source>
        <translation>入门</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="352"/>
        <source>dealer</source>
        <translation>庄家</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="195"/>
        <source>dora indicators {t}</source>
        <translation>宝牌指示牌 {t}</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="506"/>
        <source>during play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="609"/>
        <source>fan</source>
        <translation>番</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="480"/>
        <source>flags: {f}</source>
        <translation>标志：{f}</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="492"/>
        <source>flowers {t}</source>
        <translation>花牌 {t}</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="338"/>
        <source>from</source>
        <translation>来自</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="554"/>
        <source>from {name}</source>
        <translation>{name} 放铳</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="778"/>
        <source>fu</source>
        <translation>符</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="609"/>
        <source>han</source>
        <translation>番</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="215"/>
        <source>lacks {s}</source>
        <translation>缺{s}</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="154"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="89"/>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="609"/>
        <source>point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="781"/>
        <source>points</source>
        <translation>点</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="589"/>
        <source>preset, read-only</source>
        <translation>预设，只读</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="74"/>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="339"/>
        <source>ready</source>
        <translation>听牌</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="187"/>
        <source>round {wind}</source>
        <translation>{wind}场</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="494"/>
        <source>ruleset {r}</source>
        <translation>规则集 {r}</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="204"/>
        <source>scores {s}</source>
        <translation>点数 {s}</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="472"/>
        <source>seat {wind}</source>
        <translation>{wind}家</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="554"/>
        <source>self-drawn</source>
        <translation>自摸</translation>
    </message>
    <message>
        <location filename="../../desktop/agents.py" line="1"/>
        <source>simple</source>
        <translation>简单</translation>
    </message>
    <message>
        <location filename="../../desktop/agents.py" line="1"/>
        <source>standard</source>
        <translation>标准</translation>
    </message>
    <message>
        <location filename="../../desktop/agents.py" line="1"/>
        <source>strong</source>
        <translation>高手</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="609"/>
        <source>tai</source>
        <translation>台</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="499"/>
        <source>the table</source>
        <translation>场上</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="563"/>
        <source>this ruleset</source>
        <translation>此规则集</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="484"/>
        <source>ura indicators {t}</source>
        <translation>里宝牌指示牌 {t}</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="190"/>
        <source>you sit {wind}</source>
        <translation>你是{wind}家</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="201"/>
        <source>your lacking suit: {s}</source>
        <translation>你的缺门：{s}</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="589"/>
        <source>your ruleset</source>
        <translation>你的规则集</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="609"/>
        <source>zi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="127"/>
        <source>{honba} honba · {sticks} sticks</source>
        <translation>{honba} 本场 · 供托 {sticks}</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="656"/>
        <source>{name} exists. Replace it?</source>
        <translation>{name} 已存在。要替换吗？</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="231"/>
        <source>{name}: {value}</source>
        <translation>{name}：{value}</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="96"/>
        <source>{n} answered, {c} right ({p:.0%}), average score {a:.0f}.  Recent: {r}</source>
        <translation>已答 {n} 题，答对 {c} 题（{p:.0%}），平均得分 {a:.0f}。  最近：{r}</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="837"/>
        <source>{n} difference(s).</source>
        <translation>{n} 处不同。</translation>
    </message>
    <message>
        <location filename="../../desktop/dialogs.py" line="69"/>
        <source>{n} hand(s)</source>
        <translation>{n} 局</translation>
    </message>
    <message>
        <location filename="../../desktop/stats.py" line="133"/>
        <source>{n} hands</source>
        <translation>{n} 局</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="486"/>
        <source>{n} honba</source>
        <translation>{n} 本场</translation>
    </message>
    <message>
        <location filename="../../desktop/rules_editor.py" line="598"/>
        <source>{n} problem(s): fix the values marked in red before saving.</source>
        <translation>{n} 个问题：请先改正红色标出的值再保存。</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="488"/>
        <source>{n} riichi stick(s) on the table</source>
        <translation>场上 {n} 根立直棒</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="191"/>
        <source>{n} tiles left in the wall</source>
        <translation>牌山剩 {n} 张</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="341"/>
        <source>{n} tiles: {kinds}</source>
        <translation>{n} 张：{kinds}</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="1001"/>
        <source>{n}-shanten</source>
        <translation>{n} 向听</translation>
    </message>
    <message>
        <location filename="../../desktop/agents.py" line="1"/>
        <source>{points} points</source>
        <translation>{points} 点</translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="61"/>
        <source>{seat} played a dead hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="62"/>
        <source>{seat} was a flower pig (花猪).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="64"/>
        <source>{seat} was not ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/messages.py" line="63"/>
        <source>{seat} was ready ({value}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="179"/>
        <source>{throws}: {n} stacks</source>
        <translation>{throws}，共 {n} 墩</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="1008"/>
        <source>{tile}: {sh}-shanten, {n} tiles improve</source>
        <translation>{tile}：{sh} 向听，进张 {n} 枚</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="488"/>
        <source>{value} (doubled: {final})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="174"/>
        <source>{wind} throws {n}</source>
        <translation>{wind}家掷 {n}</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="356"/>
        <source>{word}!</source>
        <translation>{word}！</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="1033"/>
        <source>{word}, discard {tile}</source>
        <translation>{word}，打{tile}</translation>
    </message>
    <message>
        <location filename="../../desktop/panels.py" line="1039"/>
        <source>{word}: {tiles}</source>
        <translation>{word}：{tiles}</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="176"/>
        <source>乾坤大挪移 — bring the hand near a pattern</source>
        <translation>乾坤大挪移 — 使手牌接近某种牌型</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="187"/>
        <source>偷天换日 / 移花接木 — swap a hand tile</source>
        <translation>偷天换日 / 移花接木 — 换一张手牌</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="214"/>
        <source>千里眼 / 顺风耳 — look into the wall</source>
        <translation>千里眼 / 顺风耳 — 查看牌山</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="325"/>
        <source>千里眼: no {t} left in the wall.</source>
        <translation>千里眼：牌山中已没有{t}。</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="321"/>
        <source>千里眼: {n} × {t} in the wall; the first is {d} draw(s) away (of {live}).</source>
        <translation>千里眼：牌山中有 {n} 张{t}；最近的一张在 {d} 次摸牌后（共 {live} 张）。</translation>
    </message>
    <message>
        <location filename="../../desktop/calculator.py" line="284"/>
        <source>财神 (shown tiles)</source>
        <translation>财神（翻出的牌）</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="194"/>
        <source>财神 (wild)</source>
        <translation>财神</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="490"/>
        <source>财神 shown: {t}</source>
        <translation>翻出的财神：{t}</translation>
    </message>
    <message>
        <location filename="../../desktop/drills.py" line="198"/>
        <source>财神 {t}</source>
        <translation>财神 {t}</translation>
    </message>
    <message>
        <location filename="../../desktop/table/scene.py" line="182"/>
        <source>财神: {wind}'s wall, stack {n}</source>
        <translation>财神：{wind}家牌墙第 {n} 墩</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="315"/>
        <source>顺风耳: the next draw is {t}.</source>
        <translation>顺风耳：下一张是{t}。</translation>
    </message>
    <message>
        <location filename="../../desktop/sandbox.py" line="312"/>
        <source>顺风耳: the wall is empty.</source>
        <translation>顺风耳：牌山已空。</translation>
    </message>
</context>
</TS>
