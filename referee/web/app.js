// The page of the referee: create a game, join one through a link, and
// play by clicking squares. The server checks everything: the page asks
// its move builder what may be clicked next and sends the move it makes.
'use strict';

const $ = (id) => document.getElementById(id);

// What the page knows of the game shown: its id, the player's token and
// side, the game's description from /kinds, and the last state received.
let game = null;
let state = null;
let clicks = [];   // the clicks of the move being built
let built = null;  // the builder's answer to them
let boardPly = -1; // the ply the board picture shows

// The words for a marked click (G12), per game.
const markWords = {
  catchit: 'and take the ball',
  brouillard: 'and turn the pawn over',
};

function setPhase(phase) {
  document.body.dataset.phase = phase;
}

// api sends a request and returns its JSON answer; an error answer is
// thrown with its explanation and rule.
async function api(method, path, body) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (game && game.token) headers.Authorization = 'Bearer ' + game.token;
  const r = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let j = null;
  try {
    j = await r.json();
  } catch (e) {
    j = { error: r.statusText };
  }
  if (!r.ok) {
    const err = new Error(j.error || r.statusText);
    err.kind = j.kind;
    err.rule = j.rule;
    err.status = r.status;
    throw err;
  }
  return j;
}

function explain(err) {
  return err.rule ? `${err.message} (rule ${err.rule})` : err.message;
}

function say(text, kind) {
  const m = $('message');
  m.textContent = text || '';
  m.className = 'message' + (kind ? ' ' + kind : '');
}

let kindsCache = null;
async function kinds() {
  if (!kindsCache) kindsCache = (await api('GET', '/kinds')).kinds;
  return kindsCache;
}

// Each player's token lives in this browser's storage only, under the
// game's id: the address never carries it.
function remember(g) {
  localStorage.setItem('hops:' + g.id, JSON.stringify(g));
}

function recall(id) {
  try {
    return JSON.parse(localStorage.getItem('hops:' + id));
  } catch (e) {
    return null;
  }
}

// ---- Lobby ----

async function showLobby() {
  $('lobby').hidden = false;
  $('play').hidden = true;
  const list = await kinds();
  const box = $('games');
  box.textContent = '';
  list.forEach((k, i) => {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'game';
    input.value = k.name;
    input.checked = i === 0;
    input.addEventListener('change', showSides);
    label.append(input, ' ' + k.title);
    box.append(label);
  });
  showSides();
  setPhase('lobby');
}

async function showSides() {
  const name = new FormData($('new')).get('game');
  const k = (await kinds()).find((x) => x.name === name);
  const box = $('sides');
  box.textContent = '';
  k.sides.forEach((side, i) => {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'side';
    input.value = side;
    input.checked = i === 0;
    label.append(input, ` ${side}${i === 0 ? ' (moves first)' : ''}`);
    box.append(label);
  });
}

$('new').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const f = new FormData($('new'));
  $('start').disabled = true;
  $('lobby-message').textContent = '';
  try {
    const c = await api('POST', '/games', {
      game: f.get('game'), side: f.get('side'), opponent: f.get('opponent'),
    });
    remember({ id: c.id, token: c.token, you: c.you, game: c.game, invitation: c.invitation || '' });
    location.hash = 'game=' + c.id;
  } catch (err) {
    $('lobby-message').textContent = explain(err);
  } finally {
    $('start').disabled = false;
  }
});

// ---- Joining ----

async function join(id, invitation) {
  try {
    const j = await api('POST', `/games/${encodeURIComponent(id)}/join`, { invitation });
    remember({ id: j.id, token: j.token, you: j.you, game: j.game, invitation: '' });
  } catch (err) {
    // The link was used already: by this browser, its game is here.
    if (!recall(id)) {
      showLobby();
      $('lobby-message').textContent = 'This invitation cannot be used: ' + explain(err);
      return;
    }
  }
  // The invitation leaves the address once claimed.
  location.replace('#game=' + id);
}

// ---- Playing ----

async function showGame(id) {
  const g = recall(id);
  if (!g) {
    await showLobby();
    $('lobby-message').textContent = 'This browser holds no seat in that game.';
    return;
  }
  game = g;
  const k = (await kinds()).find((x) => x.name === g.game);
  game.title = k.title;
  game.sides = k.sides;
  game.hidden = k.hidden;
  state = null;
  boardPly = -1;
  $('lobby').hidden = true;
  $('play').hidden = false;
  $('title').textContent = k.title;
  $('you').textContent = `You play ${g.you}.`;
  document.title = `${k.title}: HOPS`;
  if (g.invitation) {
    $('link').value = `${location.origin}/#join=${g.id}.${g.invitation}`;
  }
  setPhase('busy');
  try {
    onState(await api('GET', `/games/${id}`));
  } catch (err) {
    say(explain(err), 'error');
  }
  follow(id);
}

// follow reads the game's event stream and shows each new state; it
// reconnects if the stream breaks before the game ends.
async function follow(id) {
  document.body.dataset.stream = 'open';
  try {
    await followStream(id);
  } finally {
    if (!game || game.id === id) document.body.dataset.stream = 'closed';
  }
}

// following stops the stream of the game shown when the page leaves it.
let following = null;

async function followStream(id) {
  if (following) following.abort();
  const ctl = new AbortController();
  following = ctl;
  while (game && game.id === id && !ctl.signal.aborted) {
    try {
      const r = await fetch(`/games/${id}/events`, {
        headers: { Authorization: 'Bearer ' + game.token }, signal: ctl.signal,
      });
      if (r.status === 404 || r.status === 401) return;
      if (r.ok) {
        const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            let type = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) type = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (type === 'state' && game && game.id === id) onState(JSON.parse(data));
          }
        }
      }
    } catch (e) {
      // The connection broke: try again below.
    }
    if (!game || game.id !== id || finished()) return;
    await new Promise((res) => setTimeout(res, 1000));
  }
}

function finished() {
  return state && (state.status === 'over' || state.status === 'closed');
}

function myTurn() {
  return state && state.status === 'playing' && state.to_move === game.you;
}

// onState shows a state of the game, if newer than the one shown.
function onState(st) {
  if (state && (st.ply < state.ply || (st.ply === state.ply && st.status === state.status))) return;
  state = st;
  render();
}

async function render() {
  const st = state;
  const s = $('status');
  s.dataset.ply = st.ply;
  s.dataset.status = st.status;
  s.dataset.position = st.position;
  s.dataset.you = game.you;
  s.dataset.game = game.game;
  s.dataset.turn = myTurn() ? 'you' : st.status === 'playing' ? 'them' : 'none';
  s.className = '';
  $('invite').hidden = st.status !== 'waiting' || !game.invitation;
  $('resign').hidden = st.status !== 'playing' && st.status !== 'waiting';
  if (st.status === 'waiting') {
    s.textContent = game.invitation ? 'Waiting for your opponent to join.' : 'Waiting for the game to start.';
  } else if (st.status === 'playing') {
    s.textContent = myTurn() ? `Your move (${game.you}).` : `${st.to_move} to move…`;
  } else if (st.status === 'over') {
    const o = st.outcome;
    const who = o.winner === game.you ? 'You win!' : `${o.winner} wins.`;
    const why = o.reason ? ` ${capital(o.reason)}${o.rule ? ` (rule ${o.rule})` : ''}.` : '';
    s.textContent = who + why;
    s.className = o.winner === game.you ? 'result won' : 'result lost';
  } else if (st.status === 'closed') {
    s.textContent = 'The game reached the server\'s move limit and is closed, unfinished.';
    s.className = 'result';
  }
  clicks = [];
  built = null;
  setPhase('busy');
  await Promise.all([drawBoard(), listMoves()]);
  if (state !== st) return; // a newer state came meanwhile
  if (myTurn()) {
    await ask([]);
  } else {
    showBuild();
    setPhase(finished() ? 'over' : 'waiting');
  }
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

async function drawBoard() {
  const ply = state.ply;
  const r = await fetch(`/games/${game.id}/svg`, { headers: { Authorization: 'Bearer ' + game.token } });
  if (!r.ok) return;
  const text = await r.text();
  if (state.ply !== ply) return;
  const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  if (svg.nodeName !== 'svg') return;
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('role', 'img');
  const board = $('board');
  board.replaceChildren(document.importNode(svg, true));
  boardPly = ply;
  for (const rect of board.querySelectorAll('rect[data-square]')) {
    rect.addEventListener('click', () => clickSquare(rect.dataset.square));
  }
}

async function listMoves() {
  try {
    const h = await api('GET', `/games/${game.id}/history`);
    const ol = $('moves');
    ol.textContent = '';
    h.moves.forEach((m, i) => {
      const li = document.createElement('li');
      li.textContent = m;
      if (h.reveals && h.reveals[i]) {
        const r = document.createElement('span');
        r.className = 'reveal';
        r.textContent = ' ' + h.reveals[i];
        li.append(r);
      }
      ol.append(li);
    });
    ol.scrollTop = ol.scrollHeight;
  } catch (err) {
    // The list is a help; the board and status say the rest.
  }
}

// ask sends the clicks to the move builder; if they make a move that can
// go no further, it is played at once.
async function ask(next) {
  setPhase('busy');
  const ply = state.ply;
  let b;
  try {
    b = await api('POST', `/games/${game.id}/build`, { clicks: next });
  } catch (err) {
    if (state.ply === ply) {
      say(explain(err), 'error');
      showBuild();
      setPhase('idle');
    }
    return;
  }
  if (state.ply !== ply) return;
  clicks = next;
  built = b;
  if (b.complete && b.next.length === 0) {
    await play(b.move);
    return;
  }
  showBuild();
  setPhase('idle');
}

async function play(move) {
  setPhase('busy');
  try {
    say('');
    onState(await api('POST', `/games/${game.id}/moves`, { move }));
  } catch (err) {
    say(explain(err), 'error');
    clicks = [];
    await ask([]);
  }
}

// showBuild marks the squares clicked so far and those that may come
// next, and offers the buttons the build needs.
function showBuild() {
  const board = $('board');
  for (const rect of board.querySelectorAll('rect[data-square]')) {
    rect.classList.remove('next', 'clicked', 'first');
  }
  for (const dot of board.querySelectorAll('.dot')) dot.remove();
  document.body.dataset.clicks = clicks.join(' ');
  const choice = $('choice');
  choice.textContent = '';
  $('submit').hidden = true;
  $('again').hidden = clicks.length === 0;
  if (!built || !myTurn()) return;
  clicks.forEach((c, i) => {
    const rect = board.querySelector(`rect[data-square="${square(c)}"]`);
    if (rect) rect.classList.add(i === 0 ? 'first' : 'clicked');
  });
  const svg = board.querySelector('svg');
  for (const c of built.next) {
    const rect = board.querySelector(`rect[data-square="${square(c)}"]`);
    if (rect && !rect.classList.contains('next')) {
      rect.classList.add('next');
      // A dot over the square, above any piece, tells it from a square
      // the game itself colours.
      const size = Number(rect.getAttribute('width'));
      const dot = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
      dot.setAttribute('class', 'dot');
      dot.setAttribute('cx', Number(rect.getAttribute('x')) + size / 2);
      dot.setAttribute('cy', Number(rect.getAttribute('y')) + size / 2);
      dot.setAttribute('r', size / 7);
      svg.append(dot);
    }
    if (square(c) === 'out') {
      choice.append(button(c, c.startsWith('x') ? `Leave the board ${markWords[game.game] || 'marked'}` : 'Leave the board'));
    }
  }
  if (built.complete) {
    $('submit').hidden = false;
    $('submit').textContent = `Play this move: ${built.move}`;
  }
}

function square(click) {
  return click.startsWith('x') ? click.slice(1) : click;
}

function button(click, text) {
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.click = click;
  b.textContent = text;
  b.addEventListener('click', () => {
    say('');
    ask(clicks.concat([click]));
  });
  return b;
}

// clickSquare adds a click on a square: the one the builder offers there,
// or a choice when it offers both a plain and a marked hop. A square it
// does not offer is sent anyway, so that the rule it breaks is explained.
function clickSquare(sq) {
  if (document.body.dataset.phase !== 'idle' || !myTurn()) return;
  say('');
  const offered = built ? built.next.filter((c) => square(c) === sq) : [];
  if (offered.length > 1) {
    const choice = $('choice');
    choice.textContent = '';
    const words = markWords[game.game] || 'marked';
    for (const c of offered) {
      choice.append(button(c, c.startsWith('x') ? `${sq} ${words}` : `${sq}`));
    }
    setPhase('choose');
    return;
  }
  if (clicks.length > 0 && offered.length === 0 && sq === square(clicks[0])) {
    ask([]); // clicking the piece again puts it back
    return;
  }
  ask(clicks.concat([offered.length ? offered[0] : sq]));
}

$('submit').addEventListener('click', () => {
  if (built && built.complete) play(built.move);
});
$('again').addEventListener('click', () => {
  say('');
  ask([]);
});
$('resign').addEventListener('click', async () => {
  if (!confirm('Resign this game?')) return;
  try {
    onState(await api('POST', `/games/${game.id}/resign`));
  } catch (err) {
    say(explain(err), 'error');
  }
});
$('copy').addEventListener('click', async () => {
  $('link').select();
  try {
    await navigator.clipboard.writeText($('link').value);
  } catch (e) {
    document.execCommand('copy');
  }
});

// ---- Routing ----

function route() {
  const h = location.hash.slice(1);
  if (following) following.abort();
  game = null;
  state = null;
  say('');
  if (h.startsWith('join=')) {
    const [id, invitation] = h.slice(5).split('.');
    join(id, invitation || '');
  } else if (h.startsWith('game=')) {
    showGame(h.slice(5));
  } else {
    showLobby();
  }
}

window.addEventListener('hashchange', route);
route();
