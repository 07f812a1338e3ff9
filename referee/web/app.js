// The page of the referee: create a game, join one through a link, play
// by clicking squares (or from the keyboard), read the rules, and replay
// or watch any game. The server checks everything: the page asks its
// move builder what may be clicked next, draws the position the clicks
// so far make, and sends the move they make.
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';

// What the page knows of the game shown: its id, the player's token and
// side (none for a spectator), the game's description from /kinds, and
// the last state received.
let game = null;
let state = null;
let clicks = [];   // the clicks of the move being built
let built = null;  // the builder's answer to them
let boardSVG = ''; // the picture of the position (no move being built)
let focusSq = '';  // the square the keyboard focus is on
let mode = 'play'; // 'play' or 'watch' (replay and spectators)
let frame = null;  // the replay's frame shown
let announced = null; // the moves of the last list announce saw (null: none yet)
let announcedEnd = ''; // the end of the game announce told, if any
let rendering = Promise.resolve(); // the drawing of the newest state (see onState)
let partial = false; // the state shown lacks its picture or its list of moves: the connection broke
let takingBack = false; // a takeback was sent and is not answered yet
let tookBack = false; // the player's own takeback, which announce need not say
// What each click of the move being built did, from the board shown
// before it: chose a piece to move (pick), or made a hop, drawn on the
// preview; throwing tells, in Zapita, that the pawn had reached the bomb
// by then, so that the clicks after it throw the bomb.
let steps = [];
// asking tells that the builder's answer to the clicks is awaited; the
// squares clicked meanwhile wait in queued, to be taken in turn once it
// comes: a player who knows his path clicks on without waiting for the
// squares to light up, over a slow connection too.
let asking = false;
let queued = [];
// asked counts the builder's questions: the answer to one that a later
// question overtook (Escape, "Start the move again", a new state) is
// dropped, as are the clicks queued after it.
let asked = 0;

// The words for a marked click (G12), per game.
const markWords = {
  catchit: 'and take the ball',
  brouillard: 'and turn the pawn over',
};
// plainWords name the same landing without the mark, when both are offered.
const plainWords = {
  catchit: 'and leave the ball',
  brouillard: 'and leave the pawn face down',
};

// Each game's pieces: the colour of each side's pawns in the library's
// pictures, and how the page draws and names the small marks.
const looks = {
  zapita: {
    colours: ['#ffffff', '#bdb76b'],
    legend: (s) => [
      ['pawn', '#ffffff', '2', `${s[0]}'s pawn; the number is its power: it throws the bomb up to that many squares (Z5)`],
      ['pawn', '#bdb76b', '3', `${s[1]}'s pawn, with its power`],
      ['pawn', '#222222', '*', 'the bomb; a pawn that reaches it takes its place (the bomb is then a black dot on that pawn) and throws it in a straight line (Z4, Z5)'],
      ['square', '#c5e1a5', 'HQ', `a headquarters: ${s[0]} wins by landing the bomb on A4, ${s[1]} on G4 (Z3)`],
    ],
  },
  catchit: {
    colours: ['#2e86de', '#c0392b'],
    legend: (s) => [
      ['pawn', '#2e86de', '', `${s[0]}'s pawn`],
      ['pawn', '#c0392b', '', `${s[1]}'s pawn`],
      ['ball', '#2e86de', '', 'the ball (gold dot) on its carrier; the attacker must move it every turn (K8)'],
      ['square', '#d6e4f5', '', `tinted blue: ${s[0]} scores by carrying the ball off the board past this row (K3, K6)`],
      ['square', '#f5d6d6', '', `tinted red: ${s[1]} scores past this row`],
      ['framed', '#2e86de', '', 'framed in yellow: the pawn the last move took the ball from (K5)'],
    ],
  },
  coir: {
    colours: ['#ffffff', '#222222'],
    legend: (s) => [
      ['pawn', '#ffffff', '', `${s[0]}'s pawn (its white face up)`],
      ['pawn', '#222222', '', `${s[1]}'s pawn (its black face up); an opposing pawn jumped is turned over and changes side, one's own stays (C5)`],
      ['dame', '#ffffff', '', 'a Dame (purple ring): a side\'s only pawn, which slides and makes flying jumps along the lines (C6)'],
      ['framed', '#222222', '', 'framed in yellow: a pawn the last move turned over, now the mover\'s'],
    ],
  },
  brouillard: {
    colours: ['#ffffff', '#c0392b'],
    legend: (s) => [
      ['pawn', '#ffffff', 'Q', `${s[0]}'s pawn with its face: 9, 10, J, Q, K; unlabelled is a blank (B2)`],
      ['pawn', '#c0392b', '10', `${s[1]}'s pawn with its face`],
      ['hidden', '#c0392b', '', 'hatched: a pawn whose face you do not know (B4)'],
      ['turned', '#c0392b', 'J', 'a pawn turned over (teal corner): its face is known to both (B8)'],
      ['fou', '#ffffff', 'F', 'a Fou (square piece), on the dark squares (B7)'],
      ['square', '#b08d6a', '', 'dark squares: the Fous\' squares; the pawns stay on the light ones'],
    ],
  },
};

const figures = ['Nine', 'Ten', 'Jack', 'Queen', 'King'];
const faceNames = { 9: 'Nine', 10: 'Ten', J: 'Jack', Q: 'Queen', K: 'King' };

function setPhase(phase) {
  document.body.dataset.phase = phase;
}

// ---- Talking to the server ----

// api sends a request and returns its JSON answer; an error answer is
// thrown with its kind and rule. A request that cannot reach the server
// marks the connection lost.
// pageURL is the address of the page without its fragment. A program may
// serve the referee under a path of its own (/hops/): the page's requests
// are relative to it, never to the site's root, and so are the links it
// hands out.
function pageURL() {
  return location.origin + location.pathname;
}

// requestLimit is how long, in milliseconds, the page waits for an
// answer before it takes the connection for lost: longer than the server
// takes to give up on an answer (30 s), far shorter than the minutes a
// browser may wait on a connection that died without a word (a phone
// that lost its network).
let requestLimit = 40000;

// limited is the signal that ends a request after requestLimit.
function limited() {
  return AbortSignal.timeout(requestLimit);
}

async function api(method, path, body, key) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (game && game.token) headers.Authorization = 'Bearer ' + game.token;
  if (key) headers['Idempotency-Key'] = key;
  let r;
  try {
    r = await fetch(path, {
      // A field with no value (a form's missing field reads null) is left
      // out: the server refuses null.
      method, headers, body: body === undefined ? undefined : JSON.stringify(body, (k, v) => (v === null ? undefined : v)),
      signal: limited(),
    });
  } catch (e) {
    connection(false);
    const err = new Error('the server cannot be reached');
    err.kind = 'network';
    throw err;
  }
  return answerOf(r);
}

// proxyStatus reports whether status is one a proxy answers with a page
// of its own when it cannot reach the server (502, 503, 504).
function proxyStatus(status) {
  return status >= 502 && status <= 504;
}

// answerOf reads the server's JSON answer r, and throws the error it
// says when it says one.
async function answerOf(r) {
  let j = null;
  try {
    j = await r.json();
  } catch (e) {
    // An answer cut short, or a proxy's page saying that the server
    // could not be reached (502, 503, 504): no answer of the server's.
    if (r.ok || proxyStatus(r.status)) {
      connection(false);
      const err = new Error('the server cannot be reached');
      err.kind = 'network';
      err.status = r.status;
      throw err;
    }
    j = { error: r.statusText };
  }
  connection(true);
  if (!r.ok) {
    const err = new Error(j.error || r.statusText);
    err.kind = j.kind;
    err.rule = j.rule;
    err.status = r.status;
    err.unconfirmed = j.unconfirmed === true; // a write that may have been recorded
    throw err;
  }
  return j;
}

// newKey draws a request key: 32 random bytes in base64url, 43
// characters, as the server's Idempotency-Key asks.
function newKey() {
  const b = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...b)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// once sends a creation, a join or a rematch with a key of its own and, when the
// server cannot be reached (the answer may have been lost after the
// server acted), sends it again with the same key: the server then gives
// the same answer, never a second game nor a lost seat.
async function once(method, path, body, key = newKey()) {
  for (let wait = 500; ; wait *= 2) {
    try {
      return await api(method, path, body, key);
    } catch (err) {
      if (err.kind !== 'network' || wait > 8000) throw err;
      await new Promise((done) => setTimeout(done, wait));
    }
  }
}

// connection shows whether the server answers: a lost connection is
// shown in the header and its message clears when the server is back.
function connection(up) {
  const c = $('conn');
  const was = c.dataset.state;
  c.dataset.state = up ? 'online' : 'offline';
  c.textContent = up ? '' : 'Connection lost: retrying…';
  if (up && was === 'offline') {
    if ($('message').dataset.kind === 'network') say('');
    // What happened meanwhile: the game as it is now.
    if (game && game.id && mode === 'play' && game.token) {
      fetch(`games/${game.id}`, { headers: { Authorization: 'Bearer ' + game.token }, signal: limited() })
        .then((r) => (r.ok ? r.json() : null))
        .then((st) => { if (st && game && st.id === game.id) onState(st); })
        .catch(() => {});
    }
  }
  if (!up && was !== 'offline') probe(1000);
}

// probe asks the server now and then, waiting longer each time, until
// it answers again.
function probe(wait) {
  setTimeout(async () => {
    if (!(await answers())) probe(Math.min(wait * 2, 10000));
  }, wait);
}

// answers reports whether the server answers, after a lost connection:
// the connection is then back.
async function answers() {
  if ($('conn').dataset.state !== 'offline') return true;
  try {
    const r = await fetch('kinds', { cache: 'no-store', signal: limited() });
    if (r.ok) {
      connection(true);
      return true;
    }
  } catch (e) {
    // still down
  }
  return false;
}

// The browser says that its network is back: the page asks the server
// at once rather than at the end of its wait, and so does the event
// stream.
window.addEventListener('online', () => {
  answers();
  if (wakeStream) wakeStream();
});

// plain turns an error answer into words for a player: what happened and
// what to do, with the rule it breaks, if any, given once.
function plain(err) {
  let text = err.message || '';
  if (err.rule) {
    // The library ends its explanations with the rule id: the page
    // links it instead.
    text = text.replace(new RegExp(`\\s*\\(${err.rule}\\)$`), '');
  }
  // "click 2 D5: ..." names the click; the board shows it.
  const click = text.match(/^click \d+ (x?)([A-G][1-7]|out): (.*)$/i);
  switch (err.kind) {
    case 'illegal':
    case 'syntax':
      if (click) return refused(click[2], click[1] === 'x', err.purpose, click[3]);
      return `That move is not allowed: ${text}.`;
    case 'turn':
      return turnWords();
    case 'waiting':
      if (state && (state.status === 'over' || state.status === 'closed')) {
        return 'Nobody joined this game, so there is nobody to play a rematch with: start a new game.';
      }
      return game && game.rematch && !game.invitation
        ? 'Your opponent has not joined the rematch yet: their game page offers it to them.'
        : 'Your opponent has not joined yet: send them the invitation link.';
    case 'over':
      return 'The game is over: no more moves.';
    case 'closed':
      return 'The game reached the server\'s move limit and is closed.';
    case 'claimed':
      return 'This invitation was already used: each link lets one person join, once.';
    case 'auth':
      return 'This browser holds no seat in that game: open it in the browser that created or joined it.';
    case 'not-found':
      return 'The server has no such game: the link may be mistyped, or the game has expired (the server deletes games some time after their last move).';
    case 'rate':
      return 'Too many games were started from here in a short time: wait a minute and try again.';
    case 'full':
      return 'The server is full at the moment: try again later.';
    case 'busy':
      return 'The server is busy: try again in a moment.';
    case 'unavailable':
      return err.unconfirmed
        ? 'The server cannot reach its store of games at the moment, so what was asked may or may not have been done: try again in a moment.'
        : 'The server cannot reach or write to its store of games at the moment: nothing was done; try again in a moment.';
    case 'damaged':
      return 'The server\'s record of this game is damaged: it is kept for inspection, and the game cannot go on.';
    case 'network':
      return 'The connection to the server is lost. The page retries on its own.';
    case 'hidden':
      return 'This game hides pieces: its record is public once the game is over.';
    case 'internal':
      return 'The server met an internal error: try again.';
    case 'takeback':
      return `No move can be taken back: ${text}.`;
    case 'changed':
      return 'The game had moved on when your move came, so it was not played then: the board shows the game as the server has it. If your move is not on it, play it again.';
    case 'playing':
      return 'The game is not over yet: a rematch comes after the end.';
    case 'none':
      return 'Nobody has asked for a rematch yet.';
    default:
      return `The server refused the request: ${text}.`;
  }
}

// refused says why a click on sq, marked or not, was refused, in words
// that tell what it was for: choosing the piece to move, moving it,
// throwing Zapita's bomb.
function refused(sq, marked, purpose, why) {
  why = reason(why);
  if (sq.toLowerCase() === 'out') return `You cannot leave the board: ${why}.`;
  if (purpose === 'choose') return `You cannot choose ${sq}: ${why}.`;
  if (purpose === 'throw') return `You cannot throw the bomb to ${sq}: ${why}.`;
  const mark = marked && game ? markWords[game.game] : '';
  return `You cannot move to ${sq}${mark ? ' ' + mark : ''}: ${why}.`;
}

// reason keeps, of the library's explanation of a refused click, what
// a player reads: it begins with where in the move the fault lies, for
// programs ("path G1-E1: jump 1 G1-E1 jumps over an empty square"),
// which the board shows already, and the hops tell themselves by their
// squares ("G1-E1 jumps over an empty square").
function reason(why) {
  return why
    .replace(/^(?:path|first displacement|second displacement|jumps|step|move|pawn move|Fou move|throw \d+) [A-G1-7x*-]+(?:-?out)?: /, '')
    .replace(/^(?:jump|hop) \d+ (?=[A-G][1-7])/, '');
}

function turnWords() {
  if (!state) return 'Wait for your turn.';
  return `It is ${state.to_move}'s turn: wait for their move.`;
}

// say shows a message under the board; an error's rule is a link into
// the rules on the page.
function say(text, kind, rule) {
  const m = $('message');
  // What became of a move, or another request, sent as the connection
  // broke stays: that the connection is lost, the header says, and the
  // player must still learn to check the board once it is back.
  if (kind === 'network' && m.dataset.kind === 'notice') return;
  m.textContent = text || '';
  m.className = 'message' + (kind === 'error' || kind === 'network' ? ' error' : '');
  m.dataset.kind = kind || '';
  m.dataset.rule = rule || '';
  if (rule) {
    m.append(' ');
    m.append(ruleLink(rule));
  }
}

function sayError(err) {
  say(plain(err), err.kind === 'network' ? 'network' : 'error', err.rule);
}

// plainWithRule is plain with the rule cited in words, for the lobby,
// which shows no rules to link to.
function plainWithRule(err) {
  const text = plain(err);
  return err.rule ? text.replace(/\.?$/, ` (rule ${err.rule}).`) : text;
}

// sayInLobby says text under the lobby's form: what went wrong there.
function sayInLobby(text) {
  const m = $('lobby-message');
  m.textContent = text || '';
  m.className = 'message' + (text ? ' error' : '');
}

// ruleLink is a button that opens the rules at rule id.
function ruleLink(id) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'rule-link';
  b.dataset.rule = id;
  b.textContent = `Rule ${id}`;
  b.addEventListener('click', () => showRule(id));
  return b;
}

async function showRule(id) {
  $('rules-box').open = true;
  await rulesLoaded;
  const el = $('rule-' + id);
  if (!el) return;
  el.classList.add('flash');
  el.scrollIntoView({ block: 'center' });
  // The keyboard and a screen reader go to the rule too, so that it is
  // read out; Tab goes on from there.
  el.tabIndex = -1;
  el.focus({ preventScroll: true });
  setTimeout(() => el.classList.remove('flash'), 2000);
}

let kindsCache = null;
async function kinds() {
  if (!kindsCache) kindsCache = (await api('GET', 'kinds')).kinds;
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

const blurbs = {
  zapita: 'Throw the bomb into the other side\'s headquarters. Each pawn throws it as far as its power.',
  catchit: 'A ball game: move two pawns a turn, pass the ball by jumping, and carry it off the far side.',
  coir: 'Jump the other side\'s pawns to turn them over to your colour; a last pawn becomes a Dame.',
  brouillard: 'Hidden faces: find and capture the other side\'s figures, Nine to King, with your Fou.',
};

// retryTimer opens again, after a while, what the page could not open
// for want of a connection; leaving for another address stops it.
let retryTimer = null;

// opening waits for what route began to open, and says so when it failed
// for want of a connection, to try again in a while: the page stayed
// blank.
async function opening(shown, h) {
  try {
    await shown;
  } catch (err) {
    if (err.kind !== 'network' || location.hash.slice(1) !== h) throw err;
    $('lobby').hidden = true;
    $('play').hidden = false;
    $('status').textContent = 'Opening the game…';
    say(plain(err), 'network');
    retryTimer = setTimeout(route, 2000);
  }
}

async function showLobby() {
  mode = 'play';
  joining = null;
  document.title = 'HOPS: play the games';
  $('lobby-title').textContent = 'New game';
  $('game-box').hidden = $('opponent-box').hidden = $('side-box').hidden = false;
  $('start').textContent = 'Start the game';
  $('lobby').hidden = false;
  $('play').hidden = true;
  let list;
  try {
    list = await kinds();
  } catch (err) {
    $('lobby-message').textContent = plain(err);
    retryTimer = setTimeout(showLobby, 2000);
    return;
  }
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
  await showSides();
  setPhase('lobby');
}

// homeSquares are Brouillard's home squares of each side, in the order
// of an arrangement (B3).
const homeSquares = {
  White: 'B1 D1 F1 A2 C2 E2 G2',
  Red: 'B7 D7 F7 A6 C6 E6 G6',
};

// showArrange offers, in a game with hidden pawns, to place one's own
// pawns (B3) rather than have them placed at random.
function showArrange(name, side) {
  $('arrange-box').hidden = name !== 'brouillard';
  const squares = side ? `${side}: ${homeSquares[side]}` : `White: ${homeSquares.White}; Red: ${homeSquares.Red}`;
  $('arrange-help').textContent = `Seven letters, one for each of your home squares in order (${squares}): X for each of the two blanks, and N (Nine), T (Ten), J (Jack), Q (Queen), K (King) once each.`;
}

$('arrangement').addEventListener('input', () => {
  document.querySelector('input[name="arrange"][value="mine"]').checked = true;
});

// arrangementOf returns the arrangement the form asks for, '' for one at
// random.
function arrangementOf(f) {
  return f.get('arrange') === 'mine' ? String(f.get('arrangement') || '').trim().toUpperCase() : '';
}

async function showSides() {
  const name = new FormData($('new')).get('game');
  const k = (await kinds()).find((x) => x.name === name);
  $('game-blurb').textContent = blurbs[name] || '';
  $('lobby-picture').src = `rules/${name}/start.svg`;
  $('lobby-picture').alt = `The start position of ${k.title}`;
  const box = $('sides');
  box.textContent = '';
  k.sides.forEach((side, i) => {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'side';
    input.value = side;
    input.checked = i === 0;
    input.addEventListener('change', () => showArrange(name, side));
    label.append(input, ` ${side}${i === 0 ? ' (moves first)' : ''}`);
    box.append(label);
  });
  showArrange(name, k.sides[0]);
}

$('new').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const f = new FormData($('new'));
  if (joining) {
    const { id, invitation } = joining;
    await join(id, invitation, arrangementOf(f));
    return;
  }
  $('start').disabled = true;
  $('lobby-message').textContent = '';
  try {
    const body = { game: f.get('game'), side: f.get('side'), opponent: f.get('opponent') };
    if (f.get('game') === 'brouillard' && arrangementOf(f)) body.arrangement = arrangementOf(f);
    const c = await once('POST', 'games', body);
    remember({ id: c.id, token: c.token, you: c.you, game: c.game, invitation: c.invitation || '', opponent: f.get('opponent') });
    location.hash = 'game=' + c.id;
  } catch (err) {
    sayInLobby(plainWithRule(err));
  } finally {
    $('start').disabled = false;
  }
});

// ---- Joining ----

// joining is the game of an invitation whose joiner places his pawns
// first (Brouillard, B3): the lobby's form then joins it.
let joining = null;

// offerJoin opens an invitation: in a game with hidden pawns that waits
// for its second player it first lets the joiner place his own, in the
// lobby's form; otherwise it joins at once, and the server's answer says
// why an invitation spent (its game joined already, or over) cannot be
// used, as in every game.
async function offerJoin(id, invitation) {
  const seat = recall(id);
  if (seat && seat.token) {
    // This browser plays in the game already: the link is the other
    // player's, and claiming it here would give this browser his seat,
    // lose its own and leave the link spent for him.
    sessionStorage.removeItem('hops:join:' + id);
    history.replaceState(null, '', '#game=' + id);
    await showGame(id);
    // The creator keeps the link he sends; the player who joined with it
    // keeps none. Once someone joined, or the game ended, the link is
    // nobody's to use.
    if (!seat.invitation) {
      say(`You joined this game with this link already: you play ${seat.you}.`);
    } else if (state && state.status === 'waiting') {
      say(`You play ${seat.you} in this game already: this link is for your opponent, who joins with it once.`);
    } else {
      say(`You play ${seat.you} in this game; its invitation link can no longer be used.`);
    }
    return;
  }
  let f = null;
  try {
    f = await api('GET', `games/${encodeURIComponent(id)}/replay`);
  } catch (err) {
    // Unknown or gone: the join says why.
  }
  if (!f || f.game !== 'brouillard' || f.status !== 'waiting') {
    joining = null;
    await join(id, invitation, '');
    return;
  }
  await showLobby();
  joining = { id, invitation };
  const k = (await kinds()).find((x) => x.name === f.game);
  $('lobby-title').textContent = `Join a game of ${k.title}`;
  $('game-box').hidden = $('opponent-box').hidden = $('side-box').hidden = true;
  showArrange(f.game, ''); // the side is the creator's other: not told to strangers
  $('start').textContent = 'Join the game';
}

async function join(id, invitation, arrangement) {
  try {
    const body = { invitation };
    if (arrangement) body.arrangement = arrangement;
    const j = await once('POST', `games/${encodeURIComponent(id)}/join`, body);
    remember({ id: j.id, token: j.token, you: j.you, game: j.game, invitation: '', opponent: 'person' });
  } catch (err) {
    if (joining && err.kind === 'request') {
      // An arrangement the rules refuse: the form stays, with the reason.
      sayInLobby(plainWithRule(err));
      return;
    }
    sessionStorage.removeItem('hops:join:' + id);
    // The link was used already: by this browser, its game is here.
    if (!recall(id)) {
      await showLobby();
      sayInLobby('This invitation cannot be used. ' + plainWithRule(err));
      return;
    }
  }
  joining = null;
  sessionStorage.removeItem('hops:join:' + id);
  // The invitation leaves the address once claimed.
  location.replace('#game=' + id);
}

// ---- The game page ----

// openGame sets up the page for game g, to play it or to watch it.
async function openGame(g) {
  game = g;
  const k = (await kinds()).find((x) => x.name === g.game);
  game.title = k.title;
  game.sides = k.sides;
  game.hidden = k.hidden === true; // the key is left out when false
  state = null;
  frame = null;
  boardSVG = '';
  announced = null;
  announcedEnd = '';
  $('lobby').hidden = true;
  $('play').hidden = false;
  $('title').textContent = k.title;
  document.title = `${k.title}: HOPS`;
  document.body.dataset.mode = mode;
  showLegend();
  loadRules();
}

async function showGame(id) {
  mode = 'play';
  const g = recall(id);
  if (!g) {
    // No seat here: anyone may still watch the game.
    location.replace('#watch=' + id);
    return;
  }
  await openGame(g);
  $('you').textContent = `You play ${g.you}.`;
  if (g.invitation) {
    $('link').value = `${pageURL()}#join=${g.id}.${g.invitation}`;
  }
  $('replay-controls').hidden = true;
  $('back-link').hidden = true;
  $('watch-link').hidden = false;
  $('watch-link').href = '#watch=' + id;
  setPhase('busy');
  try {
    onState(await api('GET', `games/${id}`));
  } catch (err) {
    sayError(err);
  }
  follow(id);
}

// follow reads the game's event stream and shows each new state; it
// reconnects, waiting longer each time, if the stream breaks before the
// game ends.
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
// wakeStream, when set, ends the stream's wait before it connects again.
let wakeStream = null;

// gone says that the game shown has gone (it expired: a game nobody joins
// waits only so long, a finished one is kept a while), rather than wait
// for it, and takes away what would act on it.
function gone() {
  const s = $('status');
  s.textContent = 'This game has gone.';
  s.className = '';
  s.dataset.turn = 'none';
  for (const b of ['invite', 'resign', 'takeback', 'rematch', 'rematch-offer', 'record-link', 'share']) $(b).hidden = true;
  // Nothing is left to play: the board offers no square, and its
  // clicks are not answered as the turn.
  $('prompt').textContent = '';
  $('choice').textContent = '';
  $('submit').hidden = $('again').hidden = true;
  for (const el of $('board').querySelectorAll('.ring')) el.remove();
  setPhase('gone');
  say('This game has gone: the server no longer has it. It deletes a game nobody joins after some minutes, and any game some time after its last move.');
}

async function followStream(id) {
  if (following) following.abort();
  const ctl = new AbortController();
  following = ctl;
  let wait = 500;
  while (game && game.id === id && !ctl.signal.aborted) {
    let opened = 0; // when the stream now read began (0: none is open)
    try {
      const r = await fetch(`games/${id}/events`, {
        headers: { Authorization: 'Bearer ' + game.token }, signal: ctl.signal,
      });
      // A proxy's page that the server could not be reached: no stream,
      // and no connection either.
      if (proxyStatus(r.status) && !(r.headers.get('Content-Type') || '').includes('json')) {
        throw new Error(r.statusText);
      }
      connection(true);
      if (r.status === 404) {
        gone();
        return;
      }
      if (r.status === 401) return;
      if (r.ok) {
        wait = 500;
        opened = Date.now();
        // Anything missed while the stream was down comes first.
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
      if (ctl.signal.aborted) return;
      // A stream that ran a while and broke (a proxy or a mobile network
      // cuts long connections) is opened again at once, without a word:
      // the new one begins with the current state. Only a connection that
      // cannot be made again is said to be lost.
      if (opened && Date.now() - opened >= 1000) continue;
      connection(false);
      if (myTurn() || !finished()) say(plain({ kind: 'network' }), 'network');
    }
    if (!game || game.id !== id || finished()) return;
    await new Promise((res) => {
      wakeStream = res;
      setTimeout(res, wait);
    });
    wakeStream = null;
    wait = Math.min(wait * 2, 8000);
  }
}

function finished() {
  return state && (state.status === 'over' || state.status === 'closed');
}

function myTurn() {
  return mode === 'play' && state && state.status === 'playing' && state.to_move === game.you;
}

// onState shows a state of the game, if newer than the one shown: of a
// higher version. The version counts the game's events and rises with
// each, a takeback too, which lowers the ply: the ply cannot tell which
// of two states is newer (a takeback made in another tab, and the move
// played again, give states of a ply no higher than the one shown).
//
// It returns the drawing of the newest state, to wait for: of this one,
// or of the one shown already (the event stream may bring the state a
// request answered before the answer comes).
function onState(st) {
  // A state drawn in part (the connection broke meanwhile) is drawn
  // again when it comes again: its board was the one before.
  if (state && (st.version < state.version || (st.version === state.version && !partial))) return rendering;
  state = st;
  rendering = render();
  return rendering;
}

async function render() {
  const st = state;
  // What was said of the position shown before (a refusal, whose turn it
  // was) no longer holds.
  const said = $('message').dataset.kind;
  if (said === 'turn' || said === 'error') say('');
  clicks = [];
  steps = [];
  built = null;
  // Clicks made on the board before this one were meant for it.
  asked++;
  asking = false;
  queued = [];
  partial = false;
  setPhase('busy');
  // The board and the list first, then what is said of them: said
  // first, "Your move" stood beside the board of the position before.
  await Promise.all([drawBoard(), listMoves()]);
  if (state !== st) return; // a newer state came meanwhile
  showStatus(st);
  // What was played since, and the end, in the status line's words.
  if (playFrame) announce(playFrame);
  showFog(st.position, game.you);
  $('takeback').hidden = !canTakeBack(playFrame);
  if (myTurn()) {
    await ask([]);
  } else {
    showBuild();
    setPhase(finished() ? 'over' : 'waiting');
  }
}

// computerMoves reports whether the computer player is to move in st.
function computerMoves(st) {
  return st.status === 'playing' && !!st.computer && st.to_move === st.computer;
}

// showStatus says who the player is, whose turn it is and how the game
// ended, and offers the buttons that go with it.
function showStatus(st) {
  const s = $('status');
  s.dataset.ply = st.ply;
  s.dataset.version = st.version;
  s.dataset.status = st.status;
  s.dataset.position = st.position;
  s.dataset.you = game.you;
  s.dataset.game = game.game;
  s.dataset.turn = myTurn() ? 'you' : st.status === 'playing' ? 'them' : 'none';
  s.className = '';
  if (mode === 'play') {
    const against = st.opponent ? `, against the computer (${st.opponent})` : '';
    $('you').textContent = `You play ${game.you}${against}` + (game.rematch ? ': a rematch, sides swapped.' : '.');
  }
  $('invite').hidden = st.status !== 'waiting' || !game.invitation;
  $('resign').hidden = st.status !== 'playing' && st.status !== 'waiting';
  $('rematch').hidden = !finished();
  // Against the computer, the player may take back his last move: the
  // button shows once the list of moves says there is one (canTakeBack).
  $('takeback').hidden = true;
  if (st.status === 'waiting') {
    s.textContent = game.invitation
      ? 'Waiting for your opponent to join.'
      : game.rematch
        ? 'Waiting for your opponent to join the rematch: the game page tells them.'
        : 'Waiting for the game to start.';
  } else if (st.status === 'playing') {
    if (myTurn()) {
      s.textContent = `Your move (${game.you}).`;
    } else if (computerMoves(st)) {
      // Its reply takes up to a few seconds: the turning mark shows
      // that it is under way.
      s.textContent = `The computer (${st.to_move}) is thinking…`;
      s.className = 'thinking';
    } else {
      s.textContent = `${st.to_move} to move…`;
    }
  } else if (st.status === 'over' && st.unjoined) {
    // Its creator ended it alone: nobody played the side the outcome
    // names, and there is nobody to play a rematch with.
    s.textContent = 'You ended this game before anyone joined it.';
    s.className = 'result';
    $('rematch').hidden = true;
  } else if (st.status === 'over') {
    const o = st.outcome;
    const who = o.winner === game.you ? 'You win!' : `${o.winner} wins.`;
    const why = o.reason ? ` ${capital(o.reason)}.` : '';
    s.textContent = who + why;
    if (o.rule) s.append(' ', ruleLink(o.rule));
    s.className = o.winner === game.you ? 'result won' : 'result lost';
    watchRematch();
  } else if (st.status === 'closed') {
    s.textContent = 'The game reached the server\'s move limit and is closed, unfinished.';
    s.className = 'result';
    watchRematch();
  }
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// showFog says, in Brouillard, the player's target and the captures, from
// the view's text ("... w 1 0 +": the figures each side has captured).
function showFog(position, you) {
  const p = $('fog');
  p.hidden = true;
  if (game.game !== 'brouillard' || !position) return;
  const f = position.split(' ');
  if (f.length < 4) return;
  const took = [Number(f[2]), Number(f[3])];
  const [a, b] = game.sides;
  const line = (side, other, n) => `${side} has taken ${n} of ${other}'s figures`;
  if (you) {
    const me = game.sides.indexOf(you);
    const them = game.sides[1 - me];
    const n = took[me];
    const target = n < 5 ? `Your target: ${them}'s ${figures[n]}.` : '';
    p.textContent = `${target} You have taken ${n} of ${them}'s figures; ${them} has taken ${took[1 - me]} of yours.`;
  } else {
    p.textContent = `${line(a, b, took[0])}; ${line(b, a, took[1])}.`;
  }
  p.hidden = false;
}

// fogText writes, for a spectator of a Brouillard game in progress, who
// has no position, the captures as a view's text would count them: from
// the reveals, which are public (B8).
function fogText(f) {
  if (f.game !== 'brouillard' || !f.reveals) return '';
  const took = [0, 0];
  f.reveals.slice(0, f.ply).forEach((r, i) => {
    if (r.endsWith(' captured')) took[game.sides.indexOf(f.movers[i])]++;
  });
  return `- - ${took[0]} ${took[1]}`;
}

async function drawBoard() {
  const st = state;
  let text;
  try {
    const r = await fetch(`games/${game.id}/svg`, { headers: { Authorization: 'Bearer ' + game.token }, signal: limited() });
    // A proxy's answer that the server could not be reached.
    if (proxyStatus(r.status)) throw new Error(r.statusText);
    connection(true);
    if (!r.ok) return;
    text = await r.text();
  } catch (e) {
    if (state === st) partial = true;
    connection(false);
    return;
  }
  if (state !== st) return; // a newer state came meanwhile: its picture follows
  boardSVG = text;
  showSVG(text);
}

// showSVG puts a picture of a position on the board, with names for
// screen readers; the server draws it as the player sees it (turned
// round for the second side).
function showSVG(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = doc.documentElement;
  if (svg.nodeName !== 'svg') return;
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  const names = nameSquares(svg);
  tidy(svg);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', describeBoard(names));
  const board = $('board');
  board.replaceChildren(document.importNode(svg, true));
  board.names = names;
  for (const rect of board.querySelectorAll('rect[data-square]')) {
    rect.addEventListener('click', () => {
      focusSq = rect.dataset.square;
      clickSquare(rect.dataset.square);
    });
  }
  if (!focusSq || !board.querySelector(`rect[data-square="${focusSq}"]`)) focusSq = 'D4';
  showFocus();
}

// nameSquares reads the picture and names what stands on each square,
// as "Blue pawn, carrying the ball", for screen readers.
function nameSquares(svg) {
  const look = looks[game.game] || { colours: [] };
  const names = {};
  const at = {};
  for (const el of svg.querySelectorAll('circle[r="22"], rect[width="44"]')) {
    const cx = el.nodeName === 'circle' ? Number(el.getAttribute('cx')) : Number(el.getAttribute('x')) + 22;
    const cy = el.nodeName === 'circle' ? Number(el.getAttribute('cy')) : Number(el.getAttribute('y')) + 22;
    at[cx + ',' + cy] = el;
  }
  const labels = {};
  for (const t of svg.querySelectorAll('text[font-size="20"]')) {
    labels[t.getAttribute('x') + ',' + (Number(t.getAttribute('y')) - 7)] = t.textContent;
  }
  const marks = {};
  for (const m of svg.querySelectorAll('circle[r="9"]')) {
    marks[(Number(m.getAttribute('cx')) - 15) + ',' + (Number(m.getAttribute('cy')) + 15)] = m;
  }
  for (const rect of svg.querySelectorAll('rect[data-square]')) {
    const key = (Number(rect.getAttribute('x')) + 30) + ',' + (Number(rect.getAttribute('y')) + 30);
    const el = at[key];
    if (!el) continue;
    const fill = el.getAttribute('fill');
    const stroke = el.getAttribute('stroke');
    const label = labels[key] || '';
    let side = look.colours.indexOf(fill);
    if (side < 0) side = look.colours.indexOf(stroke);
    const who = side >= 0 ? game.sides[side] : '';
    let name;
    if (game.game === 'zapita' && label === '*') {
      name = 'the bomb';
    } else if (el.nodeName === 'rect') {
      name = `${who} Fou`;
    } else if (game.game === 'zapita') {
      name = `${who} pawn of power ${label}`;
    } else if (game.game === 'brouillard') {
      name = fill.startsWith('url') ? `${who} pawn, face unknown` : `${who} pawn, ${label ? faceNames[label] || label : 'blank'}`;
    } else {
      name = `${who} pawn`;
    }
    if (marks[key]) {
      name += { zapita: ', holding the bomb', catchit: ', carrying the ball', coir: ', a Dame', brouillard: ', turned over' }[game.game] || '';
    }
    if (svg.querySelector(`rect[data-highlight="${rect.dataset.square}"]`)) {
      name += game.game === 'catchit' ? ', the last move took the ball from it' : ', turned over by the last move';
    }
    names[rect.dataset.square] = name;
  }
  return names;
}

// placeName names what square sq is, beside what stands on it: in
// Zapita the headquarters, the goal of the game (Z1: Khaki's is A4,
// White's G4); "" for a square like any other.
function placeName(sq) {
  if (game.game !== 'zapita') return '';
  return { A4: `${game.sides[1]}'s headquarters`, G4: `${game.sides[0]}'s headquarters` }[sq] || '';
}

// squareName says square sq for a screen reader: what stands on it
// (names, from nameSquares), and where that is a place of its own.
function squareName(names, sq) {
  const place = placeName(sq);
  const name = names[sq];
  if (!place) return name || 'empty';
  return name ? `${name}, on ${place}` : `${place}, empty`;
}

function describeBoard(names) {
  const squares = Object.keys(names);
  for (const sq of ['A4', 'G4']) if (placeName(sq) && !names[sq]) squares.push(sq);
  const list = squares.map((sq) => `${sq} ${squareName(names, sq)}`);
  return `Board: ${list.join('; ')}`;
}

// tidy makes the marks of the picture readable: arrows run under the
// pieces and stop at their edge, so that no arrow covers a label, but
// their heads lie above the pieces, as a Fou that lands right behind the
// pawn it jumped leaves no room for a head between the two (a head ends
// at the edge of the piece it leads to, short of the next piece's own
// label); each game's small mark gets a shape of its own, and the marks
// and the squares' labels stay above the heads (see raiseMarks).
function tidy(svg) {
  const firstPiece = svg.querySelector('circle[r="22"], rect[width="44"]');
  // The centres of the pieces: an arrow stops at the edge of the piece
  // it leads to, and at the centre of a square left empty (stopping
  // short there would point at the piece it jumped over).
  const pieces = [...svg.querySelectorAll('circle[r="22"], rect[width="44"]')].map((el) => el.nodeName === 'circle'
    ? [Number(el.getAttribute('cx')), Number(el.getAttribute('cy'))]
    : [Number(el.getAttribute('x')) + 22, Number(el.getAttribute('y')) + 22]);
  const occupied = (x, y) => pieces.some(([px, py]) => Math.hypot(px - x, py - y) < 6);
  const heads = document.createElementNS(SVGNS, 'g');
  heads.setAttribute('class', 'heads');
  for (const line of svg.querySelectorAll('line')) {
    const x1 = Number(line.getAttribute('x1'));
    const y1 = Number(line.getAttribute('y1'));
    const x2 = Number(line.getAttribute('x2'));
    const y2 = Number(line.getAttribute('y2'));
    const len = Math.hypot(x2 - x1, y2 - y1);
    if (len > 30 && occupied(x2, y2)) {
      const k = (len - 24) / len;
      line.setAttribute('x2', (x1 + (x2 - x1) * k).toFixed(1));
      line.setAttribute('y2', (y1 + (y2 - y1) * k).toFixed(1));
    }
    if (firstPiece) firstPiece.parentNode.insertBefore(line, firstPiece);
    const marker = line.getAttribute('marker-end');
    if (marker) {
      // The head, on a stroke a unit long at the line's end, above the
      // pieces (in a group that stays above the rings, see showBuild).
      const ex = Number(line.getAttribute('x2'));
      const ey = Number(line.getAttribute('y2'));
      const l = Math.hypot(ex - x1, ey - y1) || 1;
      const head = line.cloneNode(false);
      head.setAttribute('x1', (ex - (ex - x1) / l).toFixed(1));
      head.setAttribute('y1', (ey - (ey - y1) / l).toFixed(1));
      head.removeAttribute('stroke-dasharray');
      line.removeAttribute('marker-end');
      heads.append(head);
    }
  }
  svg.append(heads);
  for (const m of svg.querySelectorAll('circle[r="9"]')) {
    if (game.game === 'coir') {
      // The Dame: a ring around the pawn, not a dot.
      const ring = document.createElementNS(SVGNS, 'circle');
      ring.setAttribute('cx', Number(m.getAttribute('cx')) - 15);
      ring.setAttribute('cy', Number(m.getAttribute('cy')) + 15);
      ring.setAttribute('r', 27);
      ring.setAttribute('fill', 'none');
      ring.setAttribute('stroke', '#8e44ad');
      ring.setAttribute('stroke-width', 4);
      ring.setAttribute('class', 'mark-dame');
      m.replaceWith(ring);
    } else if (game.game === 'brouillard') {
      // A turned pawn: a teal corner.
      const r = document.createElementNS(SVGNS, 'rect');
      r.setAttribute('x', Number(m.getAttribute('cx')) - 8);
      r.setAttribute('y', Number(m.getAttribute('cy')) - 8);
      r.setAttribute('width', 14);
      r.setAttribute('height', 14);
      r.setAttribute('fill', '#1abc9c');
      r.setAttribute('stroke', '#000000');
      r.setAttribute('class', 'mark-turned');
      m.replaceWith(r);
    }
  }
  raiseMarks(svg);
}

// raiseMarks puts above everything drawn on the board so far, in this
// order, the last move's arrowheads, the pieces' small marks (the ball,
// the bomb held, a Dame's ring, a turned pawn's corner) and the squares'
// labels (Zapita's headquarters), so that no head hides a mark or a
// label, and no ring (showBuild) a head.
function raiseMarks(svg) {
  for (const sel of ['g.heads', 'circle[r="9"], .mark-dame, .mark-turned', 'text[data-label]']) {
    for (const el of svg.querySelectorAll(sel)) svg.append(el);
  }
}

// ---- The move list ----

async function listMoves() {
  const st = state;
  playFrame = null;
  try {
    const f = await api('GET', `games/${game.id}/replay`);
    if (state !== st) return; // a newer state came meanwhile: its list follows
    playFrame = f;
    showMoves(f, f.plies);
  } catch (err) {
    // The list is a help; the board and status say the rest. Lost with
    // the connection, it is asked for again with the state.
    if (err.kind === 'network' && state === st) partial = true;
  }
}

// turnNumbers returns the number of the turn of each move, as the list
// of moves and the replay number them: a turn begins with a move of the
// side that moved first, after a move of the other (a Brouillard turn
// may hold several moves, B9).
function turnNumbers(movers) {
  let turn = 0;
  return movers.map((m, k) => {
    if (k === 0 || m === movers[0] && movers[k - 1] !== m) turn++;
    return turn;
  });
}

// playFrame is the last list of moves of the game being played.
let playFrame = null;

// canTakeBack reports whether the server takes back the person's last
// turn, from the list of moves f: on his turn against the computer, once
// he has moved, and (Brouillard) unless that turn or the reply turned a
// pawn over, which cannot be hidden again (B4).
function canTakeBack(f) {
  if (!f || !myTurn() || !game.opponent || game.opponent === 'person') return false;
  let i = f.movers.length - 1;
  while (i >= 0 && f.movers[i] !== game.you) i--;
  if (i < 0) return false; // no move of his yet
  while (i > 0 && f.movers[i - 1] === game.you) i--;
  return !(f.reveals || []).slice(i).some((r) => r);
}

// showMoves lists the moves by turn, "1. Blue D1-D2 C1-C2  Red ...", each
// with what it made public; the move at ply is marked.
function showMoves(f, ply) {
  const ol = $('moves');
  ol.textContent = '';
  let li = null;
  let turn = 0;
  const turns = turnNumbers(f.movers);
  f.moves.forEach((m, i) => {
    const mover = f.movers[i];
    if (turns[i] > turn) {
      turn++;
      li = document.createElement('li');
      li.value = turn;
      ol.append(li);
    }
    const span = document.createElement('span');
    span.className = 'move';
    span.dataset.ply = i + 1;
    if (i + 1 === ply && mode === 'watch') {
      span.classList.add('current');
      span.setAttribute('aria-current', 'step');
    }
    const side = document.createElement('b');
    side.textContent = mover + ' ';
    span.append(side, m);
    if (f.reveals && f.reveals[i]) {
      const r = document.createElement('span');
      r.className = 'reveal';
      r.textContent = ` (${f.reveals[i]})`;
      span.append(r);
    }
    if (mode === 'watch') {
      span.tabIndex = 0;
      span.setAttribute('role', 'button');
      span.addEventListener('click', () => showFrame(i + 1));
      span.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          showFrame(i + 1);
        }
      });
    }
    li.append(span, ' ');
  });
  const cur = ol.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
  else ol.scrollTop = ol.scrollHeight;
}

// spoken reads a move's text in words for a screen reader, which would
// spell its signs out: "E2xC2-C4 G7-G6" is "E2 to C2 taking the ball,
// C4, then G7 to G6" (the signs of G12, K10, Z7, C7 and B10).
function spoken(move) {
  const mark = { catchit: ' taking the ball', brouillard: ' turning over the pawn it jumped' }[game.game] || '';
  return move.trim().split(/\s+/).map((part) => {
    const [from, ...rest] = part.split(/([-xX*])/);
    const landings = [];
    let throws = 0;
    for (let i = 0; i + 1 < rest.length; i += 2) {
      const sign = rest[i];
      const sq = rest[i + 1].toLowerCase() === 'out' ? 'off the board' : rest[i + 1].toUpperCase();
      if (sign === '*') landings.push(throws++ === 0 ? `the bomb thrown to ${sq}` : `and on to ${sq}`);
      else if (sign === 'x' || sign === 'X') landings.push(sq + mark);
      else landings.push(sq);
    }
    if (landings.length === 1 && landings[0] === 'off the board') return `${from.toUpperCase()} off the board`;
    return landings.length ? `${from.toUpperCase()} to ${landings.join(', ')}` : from.toUpperCase();
  }).join(', then ');
}

// announce tells a screen reader, through a live region, what changed
// that the player did not see himself do: the opponent's move, once
// (when the list of moves is not the start of the last one seen: a
// takeback shortens it, and the moves it took back are not played
// again), what his own move showed in Brouillard, and the end of the
// game.
function announce(f) {
  const before = announced;
  announced = f.moves || [];
  const said = [];
  const moves = f.moves || [];
  // The moves since the list last seen: from where the two lists part
  // (a takeback shortens the list), every one, as several may come at
  // once (the computer's reply, a Fou's move after a capture). When the
  // page opens, the last one only, if the other side played it.
  let from = moves.length - 1;
  if (before) {
    from = 0;
    while (from < moves.length && from < before.length && moves[from] === before[from]) from++;
  }
  if (before && from < before.length) {
    // Moves taken back (in another tab): the moves said before no
    // longer stand. The player's own takeback is said by its button.
    const k = before.length - from;
    if (!tookBack) said.push(k === 1 ? 'A move was taken back.' : `${k} moves were taken back.`);
    tookBack = false;
  }
  for (let i = Math.max(0, from); i < moves.length; i++) {
    const mover = f.movers[i];
    const reveal = f.reveals && f.reveals[i];
    if (mover !== game.you) {
      said.push(`${mover} played ${spoken(moves[i])}${reveal ? `, which showed ${reveal}` : ''}.`);
    } else if (before && reveal) {
      // What the player's own move turned over or captured (Brouillard),
      // which the board shows only to the eye.
      said.push(`Your move, ${spoken(moves[i])}, showed ${reveal}.`);
    }
  }
  if (said.length > 4) {
    // Many at once (the page was away): how many, and the last, rather
    // than a long reading of them all; the list holds them.
    said.splice(0, said.length - 1, `${moves.length - Math.max(0, from)} moves were played meanwhile, listed with the others; the last:`);
  }
  if ((state.status === 'over' || state.status === 'closed') && announcedEnd !== game.id) {
    // The end, once, in the words of the status line.
    announcedEnd = game.id;
    said.push($('status').textContent);
  }
  if (said.length) $('announce').textContent = said.join(' ');
}

// ---- Building a move ----

// ask sends the clicks to the move builder; if they make a move that can
// go no further, it is played at once.
async function ask(next) {
  setPhase('busy');
  const st = state;
  const purpose = purposeOf(next);
  let b;
  const n = ++asked;
  asking = true;
  try {
    b = await api('POST', `games/${game.id}/build`, { clicks: next });
  } catch (err) {
    if (n !== asked) return;
    // The clicks queued were meant to follow the one refused.
    queued = [];
    if (state === st) {
      err.purpose = purpose;
      sayError(err);
      showBuild();
      setPhase('idle');
    }
    return;
  } finally {
    if (n === asked) asking = false;
  }
  if (state !== st || n !== asked) return; // a newer state or question came meanwhile
  followTrail(next);
  clicks = next;
  built = b;
  if (b.complete && b.next.length === 0) {
    queued = [];
    await play(b.move);
    return;
  }
  // The position the clicks so far make, drawn by the server, with the
  // hops made so far.
  if (clicks.length > 0 && b.svg) {
    showSVG(b.svg);
    drawTrail();
  } else if (clicks.length === 0 && boardSVG) {
    showSVG(boardSVG);
  }
  showBuild();
  setPhase('idle');
  if (queued.length > 0) clickSquare(queued.shift());
}

// mine reports whether sq holds one of the mover's pieces on the board
// shown.
function mine(sq) {
  const names = $('board').names || {};
  return (names[sq] || '').startsWith(game.you + ' ');
}

// purposeOf says what the last of the clicks next is for, when it adds
// one click to those made: 'choose' a piece to move (the first click, or
// one of the mover's pieces where the builder offers to choose one),
// 'throw' Zapita's bomb once the pawn has reached it, or 'move'.
function purposeOf(next) {
  if (next.length !== clicks.length + 1) return '';
  if (clicks.length === 0) return 'choose';
  if (steps.length > 0 && steps[steps.length - 1].throwing) return 'throw';
  const sq = square(next[next.length - 1]);
  if (mine(sq) && built && built.next.some((c) => mine(square(c)))) return 'choose';
  return 'move';
}

// followTrail records what the new click does, when next adds one to the
// clicks made: the hop from the last square clicked to the new one,
// unless the new square holds one of the mover's pieces on the board
// shown (he chose another piece to move: Catch'it's second pawn,
// Brouillard's Fou). In Zapita the hops after the pawn reached the bomb
// are throws, drawn dashed. Clicks taken back take their steps with them.
function followTrail(next) {
  const begins = (a, b) => a.every((c, i) => c === b[i]); // a begins b
  if (next.length <= clicks.length && begins(next, clicks)) {
    steps = steps.slice(0, next.length);
    return;
  }
  if (next.length !== clicks.length + 1 || !begins(clicks, next) || steps.length !== clicks.length) {
    // Not the clicks made and one more: nothing known of their hops.
    steps = next.map((c, i) => ({ pick: i === 0, throwing: false }));
    return;
  }
  if (next.length === 1) {
    steps = [{ pick: true, throwing: false }];
    return;
  }
  const { throwing } = steps[steps.length - 1];
  const from = square(next[next.length - 2]);
  const to = square(next[next.length - 1]);
  if (to === 'out' || from === 'out') {
    steps.push({ throwing });
  } else if (mine(to) && !throwing) {
    steps.push({ pick: true, throwing });
  } else {
    const bomb = game.game === 'zapita' && ($('board').names || {})[to] === 'the bomb';
    steps.push({ hop: { from, to, dashed: throwing }, throwing: throwing || bomb });
  }
}

// drawTrail draws the hops of the move being built on the board, over
// the pieces; each stops at the edge of the piece it leads to.
function drawTrail() {
  const svg = $('board').querySelector('svg');
  if (!svg) return;
  const trail = steps.filter((st) => st.hop).map((st) => st.hop);
  const centre = (sq) => {
    const r = svg.querySelector(`rect[data-square="${sq}"]`);
    return r && [Number(r.getAttribute('x')) + 30, Number(r.getAttribute('y')) + 30];
  };
  // The trail's own arrowhead, orange as the legend says (the picture's
  // is the last move's red).
  if (trail.length > 0 && !svg.querySelector('#trail-head')) {
    const marker = document.createElementNS(SVGNS, 'marker');
    for (const [k, v] of Object.entries({ id: 'trail-head', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto' })) {
      marker.setAttribute(k, v);
    }
    const path = document.createElementNS(SVGNS, 'path');
    path.setAttribute('d', 'M0,0 L10,5 L0,10 z');
    path.setAttribute('fill', '#d35400');
    marker.append(path);
    svg.append(marker);
  }
  for (const h of trail) {
    const a = centre(h.from);
    const b = centre(h.to);
    if (!a || !b) continue;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const k = len > 30 ? (len - 24) / len : 1;
    const line = document.createElementNS(SVGNS, 'line');
    line.setAttribute('x1', a[0]);
    line.setAttribute('y1', a[1]);
    line.setAttribute('x2', (a[0] + (b[0] - a[0]) * k).toFixed(1));
    line.setAttribute('y2', (a[1] + (b[1] - a[1]) * k).toFixed(1));
    line.setAttribute('class', 'trail');
    line.setAttribute('marker-end', 'url(#trail-head)');
    if (h.dashed) line.setAttribute('stroke-dasharray', '8 5');
    svg.append(line);
  }
}

async function play(move) {
  setPhase('busy');
  const sent = state; // the state the move was played from
  try {
    say('');
    // The ply it is played from: a copy of the request (sent again after
    // a lost answer, by the browser itself) is refused once the game has
    // moved on, rather than played again when the turn comes back.
    onState(await api('POST', `games/${game.id}/moves`, { move, ply: sent.ply }));
  } catch (err) {
    clicks = [];
    const changed = err.kind === 'changed';
    if (!changed && !doubtful(err)) {
      sayError(err);
      await ask([]);
      return;
    }
    // The server did not confirm the move, its answer was lost on the
    // way, or the game had moved on (the move was perhaps played by a
    // first copy of the request): the game as the server has it tells,
    // and shows it. The board shows the move, not the game: the state
    // shown is drawn again when it comes again, and the move is no
    // longer offered as built.
    built = null;
    partial = true;
    // The clicks are spent: the board offers no square until the game
    // as the server has it is known.
    showBuild();
    if (changed) say(plain(err), 'notice');
    else sayDoubt(err, 'your move may have been recorded or not', 'if your move is not on it, play it again');
    for (let wait = 250; wait <= 4000 && state === sent; wait *= 2) {
      try {
        onState(await api('GET', `games/${game.id}`));
        break;
      } catch (e) {
        // The server may not answer yet: asked again a little later.
        await new Promise((res) => setTimeout(res, wait));
      }
    }
    // A newer state (from the answer or the event stream) is drawn by
    // render, which goes on from there; else the move is to play again.
    if (state === sent) await ask([]);
  }
}

// showBuild marks the squares clicked so far and those that may come
// next, says what the next click is for, and offers the buttons the
// build needs.
function showBuild() {
  const board = $('board');
  for (const el of board.querySelectorAll('.ring')) el.remove();
  document.body.dataset.clicks = clicks.join(' ');
  const choice = $('choice');
  choice.textContent = '';
  $('submit').hidden = true;
  $('again').hidden = clicks.length === 0;
  $('prompt').textContent = '';
  if (!built || !myTurn()) {
    if (state && state.status === 'playing' && !myTurn() && mode === 'play') {
      $('prompt').textContent = computerMoves(state) ? 'Waiting for the computer\'s move.' : `Waiting for ${state.to_move}'s move.`;
    }
    sayFocusAgain();
    return;
  }
  let prompt = playerWords(built.prompt) || (clicks.length === 0 ? 'click a pawn to move' : 'click a square framed in green');
  if (built.next.some((c) => square(c) === 'out')) {
    // Off the board is no square to click: a button below it stands for it.
    prompt += ', or “Leave the board” below it';
  }
  $('prompt').textContent = capital(prompt);
  clicks.forEach((c, i) => ring(square(c), i === 0 ? 'ring first' : 'ring clicked'));
  const offered = new Set();
  for (const c of built.next) {
    const sq = square(c);
    if (!offered.has(sq)) {
      offered.add(sq);
      ring(sq, 'ring next');
    }
    if (sq === 'out') {
      choice.append(button(c, c.startsWith('x') ? `Leave the board ${markWords[game.game] || 'marked'}` : 'Leave the board'));
    }
  }
  // The last move's arrowheads, the pieces' marks and the squares'
  // labels stay above the rings.
  const svg = board.querySelector('svg');
  if (svg) raiseMarks(svg);
  const rects = board.querySelectorAll('rect[data-square]');
  for (const r of rects) r.dataset.next = offered.has(r.dataset.square) ? 'yes' : '';
  if (built.complete) {
    $('submit').hidden = false;
    // The player's own clicks, not the canonical text, which may list
    // the parts of the move in another order.
    $('submit').textContent = `Play this move (${clicks.map(square).join(', ')})`;
  }
  showFocus();
  sayFocusAgain();
}

// playerWords says the builder's prompt in the player's words: in
// Brouillard, that the Fou may turn over the pawn its last jump passes
// (B8), where the builder speaks of a "marked" jump, as a move's text
// marks it.
function playerWords(prompt) {
  if (!prompt || game.game !== 'brouillard') return prompt;
  const other = game.sides.find((s) => s !== game.you) || 'the other side\'s';
  return prompt.replace('(a marked jump turns the pawn jumped over)',
    `(if its last jump is over a ${other} pawn, you may turn that pawn over: you choose as it lands)`);
}

// ring draws an outline inside a square: it never covers what stands on
// the square.
function ring(sq, cls) {
  const board = $('board');
  const rect = board.querySelector(`rect[data-square="${sq}"]`);
  if (!rect) return;
  const r = document.createElementNS(SVGNS, 'rect');
  const inset = cls.includes('next') ? 3 : 6;
  r.setAttribute('x', Number(rect.getAttribute('x')) + inset);
  r.setAttribute('y', Number(rect.getAttribute('y')) + inset);
  r.setAttribute('width', Number(rect.getAttribute('width')) - 2 * inset);
  r.setAttribute('height', Number(rect.getAttribute('height')) - 2 * inset);
  r.setAttribute('rx', 6);
  r.setAttribute('class', cls);
  r.dataset.for = sq;
  board.querySelector('svg').append(r);
}

// landingWords names the two ways of landing on sq, with the game's mark
// and without. In Brouillard the pawn jumped over may be face up already:
// a target turned over earlier, which turning over again captures (B8);
// one that is not the target is no choice (see clickSquare).
function landingWords(sq) {
  const words = { marked: markWords[game.game] || 'marked', plain: plainWords[game.game] || '' };
  if (faceUpOver(sq)) {
    return { marked: 'and turn the pawn over again, which captures it', plain: 'and leave the pawn face up' };
  }
  return words;
}

// faceUpOver returns, in Brouillard, the face of the pawn that the jump
// from the last square clicked to sq passes over if both players know it
// (turned over earlier), such as "Ten"; "" otherwise.
function faceUpOver(sq) {
  if (game.game !== 'brouillard' || clicks.length === 0) return '';
  const name = ($('board').names || {})[between(square(clicks[clicks.length - 1]), sq)] || '';
  return name.endsWith(', turned over') ? name.split(', ')[1] : '';
}

// myTarget returns the figure the player must capture next in
// Brouillard (B5), from the captures his view's text counts.
function myTarget() {
  const f = (state && state.position || '').split(' ');
  const n = Number(f[2 + game.sides.indexOf(game.you)]);
  return figures[n] || '';
}

// between returns the square halfway from a to b, two squares apart in a
// line: the square a jump from a to b passes over.
function between(a, b) {
  const file = (a.charCodeAt(0) + b.charCodeAt(0)) / 2;
  const rank = (Number(a.slice(1)) + Number(b.slice(1))) / 2;
  return String.fromCharCode(file) + rank;
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
    choosing = null;
    backToBoard();
    ask(clicks.concat([click]));
  });
  return b;
}

// backToBoard gives the keyboard's focus back to the board, on the
// square it was on, from a button under it that hides once pressed, so
// that the arrow keys and Enter go on.
function backToBoard() {
  if (mode === 'play') $('board').focus();
}

// choosing holds, while the person chooses between a plain and a marked
// landing, the prompt to put back if he changes his mind.
let choosing = null;

// cancelChoice goes back from that choice to the move as it was.
function cancelChoice() {
  queued = []; // clicks made beyond the landing given up
  $('choice').textContent = '';
  if (choosing) $('prompt').textContent = choosing.prompt;
  choosing = null;
  setPhase('idle');
  $('board').focus();
}

// clickSquare adds a click on a square: the one the builder offers there,
// or a choice when it offers both a plain and a marked hop. A square it
// does not offer is sent anyway, so that the rule it breaks is explained.
function clickSquare(sq) {
  if (mode !== 'play' || !state || document.body.dataset.phase === 'gone') return;
  if (!myTurn()) {
    if (state.status === 'playing') say(turnWords(), 'turn', 'G6');
    else if (state.status === 'waiting') say(plain({ kind: 'waiting' }), 'turn');
    return;
  }
  if (document.body.dataset.phase === 'choose') {
    say('First choose how to land, with the buttons under the board (Escape goes back).');
    return;
  }
  if (document.body.dataset.phase === 'busy' && asking) {
    queued.push(sq);
    return;
  }
  if (document.body.dataset.phase !== 'idle') return;
  say('');
  let offered = built ? built.next.filter((c) => square(c) === sq) : [];
  const face = faceUpOver(sq);
  if (face && face !== myTarget()) {
    // Turning over again a known pawn that is not the target changes
    // nothing (B8): no choice to offer, the landing is plain (the
    // buttons said "which captures it" of any face-up pawn).
    offered = offered.filter((c) => !c.startsWith('x'));
  }
  if (offered.length > 1) {
    const choice = $('choice');
    choice.textContent = '';
    const words = landingWords(sq);
    for (const c of offered) {
      choice.append(button(c, `${sq} ${c.startsWith('x') ? words.marked : words.plain}`.trim()));
    }
    choosing = { prompt: $('prompt').textContent, sq };
    $('prompt').textContent = `Land on ${sq}: choose below the board.`;
    setPhase('choose');
    choice.querySelector('button').focus();
    return;
  }
  if (clicks.length > 0 && offered.length === 0 && sq === square(clicks[0])) {
    ask([]); // clicking the piece again puts it back
    return;
  }
  const last = clicks.length - 1;
  if (last > 0 && offered.length === 0 && sq === square(clicks[last]) && steps[last] && steps[last].pick) {
    ask(clicks.slice(0, last)); // so does clicking again the piece chosen for a later part
    return;
  }
  ask(clicks.concat([offered.length ? offered[0] : sq]));
}

// ---- The keyboard ----

// showFocus draws the keyboard's focus ring on its square and names the
// square for screen readers.
function showFocus() {
  const board = $('board');
  document.body.dataset.focus = focusSq;
  for (const el of board.querySelectorAll('.focus-ring')) el.remove();
  const rect = board.querySelector(`rect[data-square="${focusSq}"]`);
  if (!rect) return;
  const r = document.createElementNS(SVGNS, 'rect');
  r.setAttribute('x', Number(rect.getAttribute('x')) + 1);
  r.setAttribute('y', Number(rect.getAttribute('y')) + 1);
  r.setAttribute('width', 58);
  r.setAttribute('height', 58);
  r.setAttribute('class', 'focus-ring');
  board.querySelector('svg').append(r);
}

// sayFocusAgain names the focused square anew once the board has
// changed (a click, Enter, a move), while the board has the focus.
function sayFocusAgain() {
  if (document.activeElement === $('board')) sayFocus();
}

function sayFocus() {
  const board = $('board');
  const name = squareName(board.names || {}, focusSq);
  const rect = board.querySelector(`rect[data-square="${focusSq}"]`);
  const can = rect && rect.dataset.next === 'yes' ? '; may be clicked' : '';
  $('square-say').textContent = `${focusSq}, ${name}${can}`;
}

$('board').addEventListener('keydown', (ev) => {
  const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  const board = $('board');
  if (moves[ev.key]) {
    ev.preventDefault();
    const cur = board.querySelector(`rect[data-square="${focusSq}"]`);
    if (!cur) return;
    const [dx, dy] = moves[ev.key];
    const x = Number(cur.getAttribute('x')) + dx * 60;
    const y = Number(cur.getAttribute('y')) + dy * 60;
    const next = board.querySelector(`rect[data-square][x="${x}"][y="${y}"]`);
    if (next) {
      focusSq = next.dataset.square;
      showFocus();
      sayFocus();
    }
  } else if (ev.key === 'Enter' || ev.key === ' ') {
    ev.preventDefault();
    clickSquare(focusSq);
  } else if (ev.key === 'Escape' && document.body.dataset.phase === 'choose') {
    ev.preventDefault();
    cancelChoice();
  } else if (ev.key === 'Escape' && (clicks.length > 0 || asking)) {
    ev.preventDefault();
    say('');
    queued = [];
    ask([]);
  }
});
$('choice').addEventListener('keydown', (ev) => {
  if (ev.key === 'Escape') {
    ev.preventDefault();
    cancelChoice();
  }
});
$('board').addEventListener('focus', () => { showFocus(); sayFocus(); });
// The focus ring is the keyboard's: a click with the mouse hides it, a key
// shows it again (a click focuses the board too, where :focus-visible
// alone would not show it to a player who then uses the keys).
$('board').addEventListener('pointerdown', () => { delete $('board').dataset.keys; });
$('board').addEventListener('keydown', () => { $('board').dataset.keys = 'on'; }, true);

// ---- Buttons ----

$('submit').addEventListener('click', () => {
  // A second click while the move is sent would send it again. (While a
  // landing is chosen the move as built may still be played.)
  if (!built || !built.complete || document.body.dataset.phase === 'busy') return;
  backToBoard();
  play(built.move);
});
$('again').addEventListener('click', () => {
  say('');
  queued = [];
  backToBoard();
  ask([]);
});
$('resign').addEventListener('click', async () => {
  if (!confirm('Resign this game?')) return;
  try {
    onState(await api('POST', `games/${game.id}/resign`));
  } catch (err) {
    if (!sayDoubt(err, 'your resignation may have been recorded or not', 'if the game goes on, resign again if you still wish to')) sayError(err);
  }
});

// sayDoubt says, of a request the server may or may not have acted on
// (the connection broke, or the server did not confirm its write), what
// may have been done and what to do once the game is known, and reports
// whether it did. The page retries the connection, never the request:
// "retries on its own" alone would have the player wait for it.
function sayDoubt(err, what, then) {
  if (!doubtful(err)) return false;
  say(err.kind === 'network'
    ? `The connection broke before the server answered: ${what}. The page shows the game as the server has it once the connection is back: ${then}.`
    : `The server did not confirm it: ${what}. The page shows the game as the server has it: ${then}.`, 'notice');
  return true;
}

// doubtful reports whether err leaves it unknown if the server acted on
// the request: the connection broke, or the server did not confirm its
// write.
function doubtful(err) {
  return err.kind === 'network' || (err.kind === 'unavailable' && err.unconfirmed);
}
$('takeback').addEventListener('click', async () => {
  if (takingBack) return; // a second click while the first is answered
  takingBack = true;
  try {
    say('');
    tookBack = true; // said here, not again by announce
    // The ply seen: a takeback made in another tab meanwhile is not
    // followed by a second one.
    const st = await api('POST', `games/${game.id}/takeback`, { ply: state.ply });
    $('announce').textContent = 'Your last move and the reply were taken back.';
    // The board is drawn again before the focus goes to it, so that what
    // is said of its square is the position taken back to.
    await onState(st);
    backToBoard(); // where the move is played again (the button may hide)
  } catch (err) {
    tookBack = false;
    if (!sayDoubt(err, 'your last move may have been taken back or not', 'if it is still on the board, take it back again')) sayError(err);
  } finally {
    takingBack = false;
  }
});
$('copy').addEventListener('click', () => copy('link'));
$('share-copy').addEventListener('click', () => copy('share-url'));

async function copy(id) {
  $(id).select();
  try {
    await navigator.clipboard.writeText($(id).value);
  } catch (e) {
    document.execCommand('copy');
  }
}

// ---- Rematch ----

// The request key of a rematch asked for and not answered is kept, in
// this tab's storage (a reload keeps it), for the game: asked again, the
// request is the same one, so that an answer lost after the server
// recorded it still brings the asker his seat. It is dropped on an answer
// of the server's that says nothing was done.
function unanswered(err) {
  return err.kind === 'unavailable' || err.kind === 'busy' || err.kind === 'network' ||
    !err.kind || proxyStatus(err.status);
}

$('rematch').addEventListener('click', async () => {
  const id = game.id;
  const slot = 'hops:rematch-key:' + id;
  const key = sessionStorage.getItem(slot) || newKey();
  sessionStorage.setItem(slot, key);
  try {
    const r = await once('POST', `games/${id}/rematch`, undefined, key);
    sessionStorage.removeItem(slot);
    await takeRematch(r);
  } catch (err) {
    if (!unanswered(err)) sessionStorage.removeItem(slot);
    sayError(err);
  }
});

// The offer is asked for again when taken: the rematch it names may
// have gone and been replaced since.
$('rematch-join').addEventListener('click', async () => {
  try {
    const r = await api('GET', `games/${game.id}/rematch`);
    if (r.join) {
      await takeRematch(r);
      return;
    }
    if (r.id) {
      // Joined already, in another tab or browser.
      $('rematch-offer').hidden = true;
      if (recall(r.id)) location.hash = 'game=' + r.id;
      else say('That rematch has been joined already.');
      return;
    }
  } catch (err) {
    if (err.kind !== 'none') {
      sayError(err);
      return;
    }
  }
  $('rematch-offer').hidden = true;
  say('That rematch has gone: ask for a new one.');
  watchRematch();
});

// takeRematch goes to the game that follows this one: its creator keeps
// its token, the other player joins it with its invitation, as a link
// would have him join (in Brouillard he places his pawns first).
async function takeRematch(r) {
  if (r.join) {
    // The invitation is the player's token of the game he leaves: it is
    // kept in this tab's storage, never in the address, and a reload of
    // the form to place the pawns still finds it.
    sessionStorage.setItem('hops:join:' + r.id, r.invitation);
    location.hash = `join=${r.id}`;
    return;
  }
  if (r.token) {
    remember({ id: r.id, token: r.token, you: r.you, game: r.game, invitation: r.invitation || '', opponent: game.opponent, rematch: true });
  }
  location.hash = 'game=' + r.id;
}

// rematchFirst says who begins the rematch of the finished game: its
// loser (G8), or after a game closed unfinished the player who moved
// second, as the server decides.
function rematchFirst() {
  const o = state && state.outcome;
  if (!o || !o.winner || state.status !== 'over') return 'The player who moved second in this game begins.';
  return o.winner === game.you ? 'Having lost, your opponent begins (rule G8).' : 'Having lost, you begin (rule G8).';
}

// watchRematch asks now and then, once the game is over, whether the
// opponent has asked for a rematch, and offers to join it.
let rematchTimer = null;
function watchRematch() {
  clearTimeout(rematchTimer);
  if (mode !== 'play' || !game.token) return;
  const id = game.id;
  const check = async () => {
    if (!game || game.id !== id || mode !== 'play') return;
    try {
      const r = await api('GET', `games/${id}/rematch`);
      if (r.join) {
        if ($('rematch-offer').hidden) say(''); // a new offer: what was said of an old one goes
        $('rematch-offer').offer = r;
        $('rematch-text').textContent = 'Your opponent asks for a rematch, sides swapped. ' + rematchFirst();
        $('rematch-offer').hidden = false;
      } else {
        // The player's own rematch, or one joined: it may still go and
        // be replaced, so the page goes on asking.
        $('rematch-offer').hidden = true;
      }
    } catch (err) {
      if (err.kind === 'waiting') {
        // Nobody joined the game: its creator ended it alone, and there
        // is nobody to play a rematch with.
        $('rematch').hidden = true;
        $('rematch-offer').hidden = true;
        $('status').textContent = 'You ended this game before anyone joined it.';
        $('status').className = 'result';
        return;
      }
      // None yet, or it has gone: the offer goes until another comes.
      if (err.kind === 'none') $('rematch-offer').hidden = true;
      if (err.kind === 'not-found') {
        gone();
        return;
      }
    }
    rematchTimer = setTimeout(check, 3000);
  };
  check();
}

// ---- Replay and spectators ----

// showWatch shows a game to anyone, from its share link: its positions
// one move at a time (first, previous, next, last), following the game
// while it goes on. A player of the game sees it as he does when he
// plays; in Brouillard a spectator sees the positions once the game is
// over, and before that only the moves and what they made public.
async function showWatch(id) {
  mode = 'watch';
  const seat = recall(id);
  let g = seat ? { ...seat } : null;
  if (!g) {
    game = { id };
    try {
      const f = await api('GET', `games/${id}/replay`);
      g = { id, game: f.game };
    } catch (err) {
      if (err.kind === 'network') throw err; // opened again once it can (see opening)
      await showLobby();
      $('lobby-message').textContent = plain(err);
      return;
    }
  }
  await openGame(g);
  $('you').textContent = g.you ? `You play ${g.you}: the replay.` : 'You are watching this game.';
  $('replay-controls').hidden = false;
  $('watch-link').hidden = true;
  $('back-link').hidden = !g.token;
  $('back-link').href = '#game=' + id;
  $('resign').hidden = true;
  $('rematch').hidden = true;
  $('takeback').hidden = true;
  $('invite').hidden = true;
  $('share').hidden = false;
  // What belongs to building a move has no place in a replay.
  $('prompt').textContent = '';
  $('choice').replaceChildren();
  $('submit').hidden = $('again').hidden = true;
  $('share-url').value = `${pageURL()}#watch=${id}`;
  setPhase('busy');
  await showFrame(-1);
  pollWatch(id);
}

// showFrame shows the game after ply moves (-1: the last).
async function showFrame(ply) {
  const id = game.id;
  let f;
  try {
    f = await api('GET', `games/${id}/replay${ply >= 0 ? '?ply=' + ply : ''}`);
  } catch (err) {
    sayError(err);
    setPhase('watch');
    return;
  }
  if (!game || game.id !== id || mode !== 'watch') return;
  frame = f;
  state = { ...f, ply: f.plies };
  const s = $('status');
  s.dataset.ply = f.plies;
  s.dataset.version = f.version;
  s.dataset.status = f.status;
  s.dataset.position = f.position || '';
  s.dataset.you = game.you || '';
  s.dataset.game = f.game;
  s.dataset.turn = 'none';
  s.dataset.frame = f.ply;
  s.className = '';
  if (f.status === 'over' && f.unjoined) {
    // Nobody played the side the outcome names the winner.
    s.textContent = `${capital(f.outcome.reason)}.`;
    s.className = 'result';
  } else if (f.status === 'over') {
    s.textContent = `${f.outcome.winner} won: ${f.outcome.reason}.`;
    s.className = 'result';
  } else if (f.status === 'closed') {
    s.textContent = 'The game was closed unfinished at the server\'s move limit.';
  } else if (f.status === 'waiting') {
    s.textContent = 'The game waits for its second player.';
  } else {
    s.textContent = `In progress: ${f.to_move} to move.`;
  }
  // Numbered by turn, as the list of moves is.
  const at = f.ply === 0 ? 'Start position'
    : `After ${turnNumbers(f.movers)[f.ply - 1]}. ${f.movers[f.ply - 1]} ${f.move}${f.reveal ? ' (' + f.reveal + ')' : ''}, move ${f.ply} of ${f.plies}`;
  $('replay-at').textContent = at;
  // A button that becomes disabled drops the keyboard's focus to the
  // page: it goes to the buttons that still lead somewhere.
  const focused = document.activeElement;
  $('first').disabled = $('prev').disabled = f.ply === 0;
  $('next').disabled = $('last').disabled = f.ply === f.plies;
  if (focused && focused.disabled && focused.closest('#replay-controls')) {
    const other = f.ply === 0 ? $('next') : $('prev');
    if (!other.disabled) other.focus();
  }
  showFog(f.position || fogText(f), game.you);
  if (f.hidden) {
    $('board').replaceChildren();
    $('board').names = {};
    const p = document.createElement('p');
    p.className = 'hidden-board';
    p.textContent = 'Brouillard hides each side\'s pawns: the positions are shown once the game is over. Until then, the moves and what they revealed are listed.';
    $('board').append(p);
  } else {
    showSVG(f.svg);
  }
  showMoves(f, f.ply);
  const rec = $('record-link');
  rec.hidden = f.hidden || f.status === 'waiting';
  rec.href = `games/${id}/record`;
  rec.setAttribute('download', `hops-${f.game}-${id.slice(0, 8)}.txt`);
  setPhase('watch');
}

// The record of a player of a Brouillard game needs his token: the page
// fetches it and hands the text to the browser.
$('record-link').addEventListener('click', async (ev) => {
  if (!game || !game.token) return;
  ev.preventDefault();
  try {
    const r = await fetch(`games/${game.id}/record`, { headers: { Authorization: 'Bearer ' + game.token }, signal: limited() });
    // An error answer is said, not saved as the record.
    if (!r.ok) await answerOf(r);
    const text = await r.text();
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    a.download = $('record-link').getAttribute('download');
    document.body.append(a);
    a.click();
    a.remove();
    $('record-link').dataset.text = text;
  } catch (err) {
    sayError(err.kind ? err : { kind: 'network' });
  }
});

$('first').addEventListener('click', () => frame && showFrame(0));
$('prev').addEventListener('click', () => frame && showFrame(Math.max(0, frame.ply - 1)));
$('next').addEventListener('click', () => frame && showFrame(Math.min(frame.plies, frame.ply + 1)));
$('last').addEventListener('click', () => frame && showFrame(frame.plies));

// pollWatch follows a game in progress for a spectator: when the frame
// shown is the last, each new move is shown as it comes.
let watchTimer = null;
function pollWatch(id) {
  clearTimeout(watchTimer);
  let wait = 1500;
  const tick = async () => {
    if (!game || game.id !== id || mode !== 'watch' || !frame) return;
    if (frame.status === 'over' || frame.status === 'closed') return;
    try {
      const f = await api('GET', `games/${id}/replay?ply=0`);
      wait = 1500;
      // The version, not the count of moves, tells a change: a takeback
      // and the move played again leave as many moves as before.
      if (f.version > frame.version) {
        await showFrame(frame.ply === frame.plies ? -1 : Math.min(frame.ply, f.plies));
      }
    } catch (err) {
      // A game the server no longer has (expired, or a server started
      // again without it) is said to have gone, rather than shown in
      // progress for ever.
      if (err.kind === 'not-found') {
        gone();
        return;
      }
      wait = Math.min(wait * 2, 10000);
    }
    watchTimer = setTimeout(tick, wait);
  };
  watchTimer = setTimeout(tick, wait);
}

// ---- Rules and legend ----

// showLegend explains every mark the board of this game uses.
function showLegend() {
  const ul = $('legend');
  ul.textContent = '';
  const look = looks[game.game];
  if (!look) return;
  // A replay builds no move: the frames of a move being built are not
  // explained there.
  const building = mode === 'watch' ? [] : [
    ['next', '', '', 'green frame: a square you may click next'],
    ['first', '', '', 'orange frames and arrows: the pawn you are moving, the squares you clicked and its hops so far'],
  ];
  const items = look.legend(game.sides).concat(building, [
    ['arrow', '', '', game.game === 'zapita' ? 'red arrows: the last move (dashed, with an open head: a throw of the bomb)' : 'red arrows: the last move'],
  ]);
  const second = { catchit: 'its second displacement', coir: 'its step after the jumps', brouillard: 'the Fou\'s hops in it' }[game.game];
  if (second) items.push(['arrow2', '', '', `purple arrows: the last move, ${second}, drawn a little aside`]);
  for (const [shape, colour, label, text] of items) {
    const li = document.createElement('li');
    li.append(swatch(shape, colour, label), ' ', text);
    ul.append(li);
  }
}

// swatch draws a small picture of a legend's mark.
function swatch(shape, colour, label) {
  const svg = document.createElementNS(SVGNS, 'svg');
  svg.setAttribute('viewBox', '0 0 60 60');
  svg.setAttribute('width', 28);
  svg.setAttribute('height', 28);
  svg.setAttribute('aria-hidden', 'true');
  const add = (name, attrs) => {
    const el = document.createElementNS(SVGNS, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    svg.append(el);
    return el;
  };
  add('rect', { x: 0, y: 0, width: 60, height: 60, fill: shape === 'square' ? colour : '#f3e6c8', stroke: '#5d4037' });
  const ink = colour === '#222222' || colour === '#c0392b' ? '#ffffff' : '#000000';
  if (shape === 'framed') add('rect', { x: 3, y: 3, width: 54, height: 54, fill: 'none', stroke: '#f1c40f', 'stroke-width': 5 });
  if (['pawn', 'ball', 'dame', 'turned', 'framed'].includes(shape)) {
    add('circle', { cx: 30, cy: 30, r: 22, fill: colour, stroke: '#000000', 'stroke-width': 2 });
  }
  if (shape === 'hidden') {
    add('circle', { cx: 30, cy: 30, r: 22, fill: '#7f8c8d', stroke: colour, 'stroke-width': 5 });
    for (let i = -2; i <= 2; i++) add('line', { x1: 10 + i * 10, y1: 50, x2: 50 + i * 10, y2: 10, stroke: '#bdc3c7', 'stroke-width': 3 });
  }
  if (shape === 'fou') add('rect', { x: 8, y: 8, width: 44, height: 44, rx: 8, fill: colour, stroke: '#000000', 'stroke-width': 2 });
  if (shape === 'ball') add('circle', { cx: 45, cy: 15, r: 9, fill: '#f1c40f', stroke: '#000000', 'stroke-width': 1.5 });
  if (shape === 'dame') add('circle', { cx: 30, cy: 30, r: 27, fill: 'none', stroke: '#8e44ad', 'stroke-width': 4 });
  if (shape === 'turned') add('rect', { x: 37, y: 7, width: 14, height: 14, fill: '#1abc9c', stroke: '#000000' });
  if (shape === 'next') add('rect', { x: 3, y: 3, width: 54, height: 54, rx: 6, fill: 'none', stroke: '#1b7a2e', 'stroke-width': 5 });
  if (shape === 'first') add('rect', { x: 6, y: 6, width: 48, height: 48, rx: 6, fill: 'none', stroke: '#d35400', 'stroke-width': 5 });
  if (shape === 'arrow') add('line', { x1: 8, y1: 52, x2: 50, y2: 10, stroke: '#c0392b', 'stroke-width': 5 });
  if (shape === 'arrow2') add('line', { x1: 8, y1: 52, x2: 50, y2: 10, stroke: '#7d3c98', 'stroke-width': 5 });
  if (label) {
    const t = add('text', { x: 30, y: shape === 'square' ? 36 : 37, 'text-anchor': 'middle', 'font-size': label.length > 2 ? 16 : 20, 'font-weight': 'bold', 'font-family': 'sans-serif', fill: shape === 'square' ? '#33691e' : ink });
    t.textContent = label;
  }
  return svg;
}

let rulesLoaded = Promise.resolve();

// loadRules puts the game's rules, from the project's rule book, in the
// page, with a picture of the start position.
function loadRules() {
  const name = game.game;
  $('rules-title').textContent = `Rules of ${game.title}`;
  $('start-picture').src = `rules/${name}/start.svg`;
  $('start-picture').alt = `The start position of ${game.title}`;
  $('start-caption').textContent = name === 'brouillard'
    ? 'The start, in the rule book\'s example setup: each player arranges his own pawns (B3).'
    : `The start position of ${game.title}.`;
  rulesLoaded = (async () => {
    try {
      const r = await fetch(`rules/${name}`);
      if (!r.ok) return;
      const text = await r.text();
      if (game && game.game === name) {
        markdown(forPlayers(text, name), $('rules'));
        const note = document.createElement('p');
        note.className = 'blurb';
        note.textContent = 'How programs write positions and whole games, and count moves (perft), is in the project\'s rule book, RULES.md.';
        $('rules').append(note);
      }
    } catch (e) {
      connection(false);
    }
  })();
}

// forPlayers leaves out of the rule book's text what is for programs
// rather than players: how positions and records are written (the
// "How to read" and "Game records" parts, the position and view texts)
// and perft. Move texts stay: a player writes moves. What is left says
// nothing of what was left out: the examples worked through in the "How
// to read" parts are not announced, and neither the rules left out nor
// those of the other games (which the common rules cite) are cited.
function forPlayers(text, name) {
  const own = { zapita: 'Z', catchit: 'K', coir: 'C', brouillard: 'B' }[name];
  const out = [];
  const cut = new Set();
  let skip = false;
  for (const line of text.split('\n')) {
    if (/^#/.test(line)) {
      skip = /^#{2,4} (How to read|Game records)/.test(line);
    } else if (/^\*\*[GZKCB]\d+ /.test(line)) {
      skip = /^\*\*[GZKCB]\d+ (Perft|Position text|View text)/.test(line);
    }
    const id = line.match(/^\*\*([GZKCB]\d+) /);
    if (skip && id) cut.add(id[1]);
    if (!skip) out.push(line);
  }
  return out.join('\n')
    // "It is worked through below.", "The worked example below uses this
    // figure.": the sentence, across the lines it is wrapped on.
    .replace(/(?<=\.)\s+[^.]*\bworked\b[^.]*\bbelow\b[^.]*\./g, '')
    // K9's reason: what its decision gives the position texts.
    .replace(/\s+and\s+lets\s+a\s+finished\s+game\s+be\s+written\s+as\s+a\s+position\s+text\s+\(K11\)/, '')
    .replace(/\s*\((?:see )?(([GZKCB])\d+)\)/g, (cited, id, letter) => (cut.has(id) || (letter !== 'G' && letter !== own) ? '' : cited))
    // "Zapita's throws (`*`, Z7)" on another game's page: the sign stays.
    .replace(/, ([ZKCB])\d+\)/g, (cited, letter) => (letter === own ? cited : ')'));
}

// markdown writes the rule book's Markdown into box: headings,
// paragraphs, lists, code and tables; each rule's paragraph gets the id
// rule-<id>, where the links of errors lead.
function markdown(text, box) {
  box.textContent = '';
  const lines = text.split('\n');
  let i = 0;
  const inline = (el, s) => {
    // **bold**, `code`, *em*, [text](link): the link's text only. An *em*
    // is not inside a word nor across a `code` span, so that the '*' of
    // a Zapita throw (E2*B2) is no emphasis.
    const re = /(\*\*[^*]+\*\*|`[^`]+`|(?<![A-Za-z0-9*])\*[^*\s`][^*`]*\*(?![A-Za-z0-9])|\[[^\]]+\]\([^)]*\))/g;
    let last = 0;
    let m;
    while ((m = re.exec(s)) !== null) {
      el.append(s.slice(last, m.index));
      const t = m[0];
      let child;
      if (t.startsWith('**')) {
        child = document.createElement('strong');
        child.textContent = t.slice(2, -2);
      } else if (t.startsWith('`')) {
        child = document.createElement('code');
        child.textContent = t.slice(1, -1);
      } else if (t.startsWith('[')) {
        child = document.createTextNode(t.slice(1, t.indexOf(']')));
      } else {
        child = document.createElement('em');
        child.textContent = t.slice(1, -1);
      }
      el.append(child);
      last = m.index + t.length;
    }
    el.append(s.slice(last));
  };
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') { i++; continue; }
    const h = line.match(/^(#{1,4}) (.*)$/);
    if (h) {
      const el = document.createElement('h' + Math.min(6, h[1].length + 1));
      inline(el, h[2]);
      box.append(el);
      i++;
      continue;
    }
    if (line.startsWith('    ')) {
      const pre = document.createElement('pre');
      const code = [];
      while (i < lines.length && (lines[i].startsWith('    ') || lines[i].trim() === '')) {
        code.push(lines[i].slice(4));
        i++;
      }
      pre.textContent = code.join('\n').replace(/\n+$/, '');
      box.append(pre);
      continue;
    }
    if (line.startsWith('|')) {
      const table = document.createElement('table');
      let head = true;
      while (i < lines.length && lines[i].startsWith('|')) {
        const cells = lines[i].split('|').slice(1, -1).map((c) => c.trim());
        i++;
        if (cells.every((c) => /^:?-+:?$/.test(c))) { head = false; continue; }
        const tr = document.createElement('tr');
        for (const c of cells) {
          const td = document.createElement(head ? 'th' : 'td');
          inline(td, c);
          tr.append(td);
        }
        table.append(tr);
      }
      box.append(table);
      continue;
    }
    if (/^\s*- /.test(line)) {
      const ul = document.createElement('ul');
      while (i < lines.length && /^\s*- /.test(lines[i])) {
        let item = lines[i].replace(/^\s*- /, '');
        i++;
        while (i < lines.length && /^\s{2,}\S/.test(lines[i]) && !/^\s*- /.test(lines[i]) && !lines[i].startsWith('    |')) {
          item += ' ' + lines[i].trim();
          i++;
        }
        const li = document.createElement('li');
        inline(li, item);
        ul.append(li);
      }
      box.append(ul);
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() !== '' && !/^(#|\||\s*- |    )/.test(lines[i])) {
      para.push(lines[i]);
      i++;
    }
    const p = document.createElement('p');
    const text = para.join(' ');
    const id = text.match(/^\*\*([GZKCB]\d+) /);
    if (id) p.id = 'rule-' + id[1];
    inline(p, text);
    box.append(p);
  }
}

// ---- Routing ----

function route() {
  const h = location.hash.slice(1);
  if (following) following.abort();
  clearTimeout(watchTimer);
  clearTimeout(rematchTimer);
  clearTimeout(retryTimer);
  game = null;
  state = null;
  frame = null;
  $('rematch-offer').hidden = true;
  $('share').hidden = true;
  $('record-link').hidden = true;
  $('fog').hidden = true;
  say('');
  if (h.startsWith('join=')) {
    const [id, invitation] = h.slice(5).split('.');
    offerJoin(id, invitation || sessionStorage.getItem('hops:join:' + id) || '');
  } else if (h.startsWith('game=')) {
    opening(showGame(h.slice(5)), h);
  } else if (h.startsWith('watch=')) {
    opening(showWatch(h.slice(6)), h);
  } else {
    showLobby();
  }
}

window.addEventListener('hashchange', route);
route();
