// Package referee is an HTTP server, as an http.Handler, that hosts games
// of the HOPS series between remote players: it keeps each game's true
// state, checks every submitted move with the library and answers in JSON.
// A program mounts it in its own mux with NewServer(Config{...}) and may
// give it its own Store; the command examples/referee runs it alone.
//
// # API
//
// Requests and answers are JSON. A player proves which side it plays with
// the token it was given when it created or joined the game, sent as the
// header "Authorization: Bearer <token>". Each player gets only his own
// token: the creator receives his and an invitation, which he passes to
// his opponent, who claims it once to get the other token.
//
//	GET  /kinds                  the games the server hosts: {"kinds": [{"name",
//	                             "title", "sides", "hidden"}]}, hidden saying that
//	                             the game hides pieces (Brouillard), left out for
//	                             the others
//	POST /games                  create a game: {"game": "catchit", "first": "Red",
//	                             "side": "Blue", "arrangement": "NTXXQJK"}; all but
//	                             game are optional: first is the side that starts
//	                             (default the game's first side), side the one the
//	                             creator plays (default the game's first side),
//	                             each named as hops.Game.ParseSide reads it (a
//	                             side's name in any case, its first letter,
//	                             "first" or "second"), arrangement the creator's
//	                             secret setup in Brouillard, seven letters as
//	                             brouillard.ParseArrangement reads them (either
//	                             case, white space around them ignored; default
//	                             drawn at random). Answers 201
//	                             {"id", "game", "you", "first", "token", "invitation"}
//	POST /games/{id}/join        claim the invitation: {"invitation": "...",
//	                             "arrangement": "..."} (arrangement as above);
//	                             answers {"id", "game", "you", "token"}. Until then
//	                             the game is "waiting" and takes no move
//	GET  /games/{id}             the game's state
//	GET  /games/{id}/moves       the legal moves of the side to move, as texts,
//	                             a page at a time: ?offset=0&limit=200 (limit at
//	                             most 1000); answers {"id", "ply", "to_move",
//	                             "total", "offset", "moves"}, "total" counting
//	                             them all, "ply" and "to_move" the position
//	                             they are of. A page
//	                             costs about its own size: the moves are
//	                             counted once per position by the game's
//	                             counter and only the page's texts are built;
//	                             the pages of a position with thousands of
//	                             moves (a Coir Dame's) are computed in turn
//	POST /games/{id}/moves       play a move: {"move": "D1-D2 C1-C2", "ply": 4},
//	                             with the token of the side to move; ply, which
//	                             may be left out, is the number of moves the
//	                             client sees played: at another number the move
//	                             is refused (409 changed), so that a move sent
//	                             twice is not played twice. Answers the new state
//	POST /games/{id}/resign      resign, with one's token (no body, or {});
//	                             answers the final state
//	GET  /games/{id}/history     the start position and every move played, in
//	                             order, each in its canonical text (G9), so that
//	                             two ways of writing a move read the same:
//	                             {"id", "game", "status", "start", "moves",
//	                             "reveals" (Brouillard), "result"}, result as a
//	                             record writes it ("1-0", "0-1", "*"), a
//	                             resignation counted as the other side's win
//	                             (the record itself writes "*" and a
//	                             Termination tag, since the rules did not end
//	                             the game)
//	GET  /games/{id}/svg         a picture of the position (image/svg+xml), the last
//	                             move drawn as arrows (in Coir the pawns it turned,
//	                             in Catch'it the pawn it took the ball from,
//	                             framed in yellow, each frame naming its square in
//	                             data-highlight); in Brouillard the asker's view;
//	                             for the second side's player turned half round, as he
//	                             sees the board (so are the pictures of /build and
//	                             /replay)
//
// A state looks like
//
//	{"id": "...", "game": "catchit", "status": "playing", "ply": 2,
//	 "version": 4, "to_move": "Blue",
//	 "position": "rrrrrrr/7/7/7/7/7/bbbBbbb b",
//	 "diagram": "...", "outcome": {"over": false}, "you": "Blue"}
//
// where ply counts the moves played, version counts the game's events
// (its creation, the join, each move, a resignation, each takeback, the
// rematch asked for: the event stream's id), position is the position
// text the game package reads, and you is the side of the token sent, if
// any; in Brouillard "view": true says that position and diagram are
// that side's view (B12); in a game against the computer "opponent" is
// its strength ("easy", "medium", "hard") and "computer" the side it
// plays. Of two states of a game the newer is the one
// of higher version, not of higher ply: a takeback lowers the ply. The
// status is "waiting" (for the second player), "playing", "over" (a side
// won, by the rules or because the other resigned: outcome says which and
// why; a game its creator resigned before anyone joined says
// "unjoined": true, gives the other side as the winner, its reason "White
// resigned before anyone joined", and its picture's caption the reason
// alone) or "closed" (see Limits). A key that may have no value is left
// out when it has none, rather than sent empty: "you" without a token;
// "opponent" and "computer" between two people;
// "view", "hidden", "join" and "unjoined" when false; "invitation",
// "token", "rule", "move", "last", "reveal" and "reveals" when empty; a
// hidden replay's "position", "diagram" and "svg". The lists of keys
// below name every key an answer may hold.
//
// A state holds no move: the answer to a move is the state after it,
// without the move (its canonical text) nor, in Brouillard, what it made
// public. The event stream's states add them ("last", "reveal"), and the
// history lists every move with, in "reveals", one entry for each move,
// "" for a move that showed nothing. A resignation ends the game for the
// server, which answers status "over" and the winner in "outcome", but
// not by the rules: the position, read with the game package (its
// Outcome, or that of a View of it), is a game going on.
//
// # Errors
//
// An error answers {"error": "...", "kind": "...", "rule": "K8"}: error
// says what is wrong to a person, kind sorts it for a program, and rule,
// when the library refused a move or a value, is the id of the rule it
// breaks (RULES.md); a move out of turn cites G6 or B9, and anything
// sent to a game over the rule that ended it. Every kind the server
// answers, by status:
//
//	400 request      the request itself is wrong: a bad JSON body, an unknown or
//	                 repeated field, a bad value (an arrangement breaking rule B2
//	                 or B3, with that rule's id), more clicks than the builder
//	                 takes, or a query parameter that is bad, given twice or not
//	                 taken by the path (only GET /games/{id}/moves and
//	                 GET /games/{id}/replay take any)
//	400 syntax       the move, or a click, is not written as the game writes one
//	400 illegal      the move, or a click, breaks a rule: the library's explanation
//	401 auth         a missing or wrong token or invitation
//	403 turn         a move, or its clicks, by the side not to move (rule G6;
//	                 B9 while the other side, having captured in Brouillard,
//	                 owes a Fou move in the same turn), or a takeback before
//	                 the computer's reply
//	403 hidden       the record of a game with hidden pieces that is not over
//	403 takeback     a takeback between two people, by the computer's side, or
//	                 of a turn that turned a pawn over (what it showed stays known)
//	404 not-found    an unknown game (or one that expired), path or rule book section
//	404 none         no rematch of this game yet, or its game is gone
//	405 method       a method the path does not take (the Allow header lists those
//	                 it does)
//	409 waiting      the game waits for its second player: it takes no move
//	                 yet and has no record; or it ended before anyone joined,
//	                 and has no rematch
//	409 over         the game is over and takes no more moves (nor a join), with
//	                 the rule that ended it (none after a resignation)
//	409 closed       the game reached its ply bound unfinished (see Limits) and
//	                 takes no more moves
//	409 claimed      an invitation claimed already
//	409 playing      a rematch asked for before the game is over
//	409 takeback     no move to take back, or the game is no longer at the ply
//	                 the takeback was sent from
//	409 changed      the game is no longer at the ply the move was sent from
//	413 request      a body over 4 KiB (MaxBody)
//	422 idempotency  an Idempotency-Key used again for another request (the same
//	                 kind of request, and for a join the same game)
//	429 rate         games created too fast by one client, or by all together;
//	                 a Retry-After header says when to try again
//	429 streams      too many event streams from one client
//	429 connections  too many connections from one client (LimitListener; the
//	                 connection is then closed)
//	500 internal     a fault of the server, logged; the answer says no more
//	503 full         the server holds MaxGames games (with a store shared by
//	                 several nodes that counts its games, the store does); the
//	                 message says how many it holds, and the limit
//	503 busy         a page of a position with thousands of moves waited too
//	                 long for its turn, or the game changed on other nodes too
//	                 many times while the request was checked: try again
//	503 unavailable  the store cannot be reached, cannot write (a full disk), or
//	                 did not answer within StoreTimeout: a Retry-After header
//	                 says when to try again. A write the store did not confirm
//	                 may have been recorded all the same (see Storage): its
//	                 answer carries "unconfirmed": true; send a creation, a
//	                 join or a rematch again with its Idempotency-Key, and
//	                 read the game before sending a move, a resignation or a
//	                 takeback again. Without it, nothing was recorded: the
//	                 request may be sent again as it was
//	503 damaged      the game's record is damaged: it is kept for inspection and
//	                 the game cannot be played
//
// A move or a click the library refuses is answered syntax or illegal,
// the names the library's own errors carry in JSON (hops.ErrSyntax,
// hops.ErrIllegal); any other value it refuses, such as an arrangement,
// is a request error with the rule's id.
//
// # Retrying a creation or a join
//
// POST /games, POST /games/{id}/join and POST /games/{id}/rematch take
// the header
// "Idempotency-Key: <key>", a key the client draws at random, of 22 to 128
// characters from A-Z a-z 0-9 _ -. A client that sent one and got no
// answer (the connection broke, the server restarted) sends the same
// request again with the same key: it gets the same answer, with the
// same tokens, and the server never makes a second game nor gives the
// seat away. The same key with another request of the same kind and, for
// a join, of the same game (another body) is refused (422); a join with
// a wrong invitation is refused as any (401, or 409 once the seat is
// taken). The server keeps no table of keys, so a key used again for a
// join of another game is a new key there: draw a new key for every
// request. Instead, the game's id, the creator's token and
// the invitation are derived from the key (the SHA-256 of the key and of
// a text naming each), and the joiner's token from the key and the game's
// id; the journal keeps only a hash of the key and the request, to tell a
// retry from another request. So a retry is answered the same on any node
// and after a restart, and whoever knows a key can derive its tokens: a
// key must be kept like a token, and be random. The web page draws a new
// key for each creation, join and rematch, and sends the request again
// with the same key while the server cannot be reached. A rematch asked
// again with its key gives its asker the same answer, with his token.
// An answer 503, kind "unavailable", with "unconfirmed": true (the store
// failed, or did not answer within StoreTimeout), does not say that
// nothing was recorded: the store may have kept the write all the same.
// Such a request is sent again with the same key, after its Retry-After, until an answer that
// is not 503 comes: it is the request's, whether the first was recorded
// or not. A move, a resignation and a takeback take no key: after a 503
// the client reads the game before sending one again. A move sent twice
// is refused the second time, and so is a resignation (the game is
// over), when the second comes before the other side's reply (the turn
// has passed); a move and a takeback that name the ply they are sent
// from, {"ply": N}, are refused whenever the game has moved on (a
// browser may send a request again by itself when a connection breaks,
// and a computer replies at once).
//
// For example, with curl:
//
//	curl -s localhost:8080/games -d '{"game": "catchit"}'
//	# {"id":"6f1c…","game":"catchit","you":"Blue","first":"Blue",
//	#  "token":"a3e0…","invitation":"90bd…"}
//	curl -s localhost:8080/games/6f1c…/join -d '{"invitation": "90bd…"}'
//	# {"id":"6f1c…","game":"catchit","you":"Red","token":"51c7…"}
//	curl -s -H 'Authorization: Bearer a3e0…' localhost:8080/games/6f1c…/moves?limit=5
//	curl -s -H 'Authorization: Bearer a3e0…' localhost:8080/games/6f1c…/moves \
//		-d '{"move": "d1-d2 c1-c2"}'
//	curl -s localhost:8080/games/6f1c…/history
//	# {"id":"6f1c…","game":"catchit","status":"playing","start":"…",
//	#  "moves":["C1-C2 D1-D2"],"result":"*"}
//	# (the move in its canonical text, however it was typed)
//	curl -s -X POST -H 'Authorization: Bearer 51c7…' localhost:8080/games/6f1c…/resign
//
// and a game of Brouillard, each player choosing his setup:
//
//	curl -s localhost:8080/games -d '{"game": "brouillard", "arrangement": "NTXXQJK"}'
//	curl -s localhost:8080/games/…/join -d '{"invitation": "…", "arrangement": "XKQJTNX"}'
//
// # Hidden pieces
//
// In Brouillard au Palais each side hides the identity of its pawns. Each
// player chooses his arrangement (B3) when he creates or joins the game,
// or has one drawn at random, and the other never sees it; the game starts
// when both are set. Each player sees only his own view: every request
// about a Brouillard game needs a token, the position and diagram returned
// are that side's view (the opponent's unturned pawns written P or p),
// moves are checked against the view so that no error message can tell a
// hidden pawn, and the history starts from the player's view of the start
// and says, in "reveals", what each move made public ("D5 Ten captured",
// "" for nothing), which both players learn (B4, B8). Nothing the server
// sends depends on the other side's hidden pawns except what the rules
// reveal. The computer player is shown its side's view alone
// (players.ChooseView), and its moves depend on that view and on a seed
// kept secret (drawn from its token, which nobody sees), so that its
// choices cannot be replayed under each arrangement to tell its own.
//
// # Limits
//
// The limits are fields of Config; the command's flags set them.
//
// A game that nobody plays expires IdleTTL (-idle) after its last event
// (creation, join, move), a game that nobody joins WaitingTTL (-waiting,
// 15 minutes by default) after its creation, and a finished one FinishedTTL (-finished)
// after its end, or after the rematch asked for after it; an expired game
// is deleted, from the disk too, and answers 404. With a store several
// nodes share, each game lives ClockSkew (-clock-skew, 2 minutes by
// default) longer, for the nodes' clocks (see below). A client (an IPv4
// address, or an IPv6 /64) may create CreateRate games a minute,
// CreateBurst in a row, and all clients together GlobalCreateRate a minute
// (-global-create-rate), so that a flood spread over many addresses is
// bounded too; both answer 429 with a Retry-After header. Only the games
// created count: a request refused for what it asks or for lack of room,
// and a retry answered again under its Idempotency-Key, spend nothing,
// so that a client that retries never takes a 429 for the answer to a
// creation that was made. A creation is
// refused once the server holds MaxGames games (-max-games): the games its
// store holds, those it read and those it only listed at start. It costs
// no scan of the games, but for one sweep a second at most, which finds
// the room expired games left. With a store several nodes share, see below
// for what each counts. The rules know no draw (G7), so a game could go on
// for ever: the move that reaches MaxPlies plies closes it, unfinished
// (result "*", status "closed"), and no move is taken after.
//
// No single address can lock the others out. LimitListener, which the
// command uses, accepts -max-conns connections at once (the others wait
// to be accepted) and at most -max-conns-per-client from one client: a
// connection beyond that share is answered 429 and closed at once. Idle
// keep-alive connections are closed after 30 s; a request's headers must
// arrive within 5 s and its body within 10 s, and an answer that cannot
// be written within 30 s ends the connection: limits of the http.Server,
// which the command's has, and a program that serves the referee with
// its own gets from Server.ConfigureHTTP (an event stream's each
// event within 10 s: a client that stops reading a stream keeps it until
// the network's buffers fill, then loses it 10 s later). A client holds
// at most StreamsPerClient event streams at once (429 beyond), and a
// stream ends after StreamLifetime (the page then opens another); a
// comment line every 15 s shows that it is alive.
// A request waits for the store StoreTimeout at most (-store-timeout, 5 s
// by default), and for no longer than its client does: a store that hangs
// (a database stopped, a storage or a network that no longer answers) is
// answered 503 and holds no connection of the client's share for long.
//
// Behind a reverse proxy (a TLS terminator, say) every connection comes
// from the proxy, so every client would share one client's limits: name
// the proxies with -trusted-proxy (Config.TrustedProxies), and each
// request counts as the client the proxy writes in X-Forwarded-For (the
// nearest address there that is not a trusted proxy; the entries further
// left, which the client may have written, are not read), while the
// proxies' own connections are bounded by -max-conns only.
//
// # Storage
//
// The server keeps its games in a Store: every event (creation, join,
// move, resignation, takeback, and the rematch asked for after the end) is
// written to the store, and the store has it durably, before the request
// is answered, so that an acknowledged move survives a crash; a write the
// store refuses or cannot make is answered 503 and nothing of it is
// applied.
//
// Every call to the store made for a request has a deadline,
// Config.StoreTimeout (5 s by default), and ends too when the client goes
// away; so does the wait for a game behind another request that waits
// for the store. When it passes the request is answered 503, kind
// "unavailable", with a Retry-After header, rather than held until the
// store answers. A write whose deadline passed while the store was
// making it (or that failed without saying whether it was made) is not
// acknowledged: it may have been recorded or not, the server does not
// know, says so ("unconfirmed": true in the answer), and reads the game
// again before the next request about it. A write the store says it
// kept nothing of (its error wraps ErrNotStored: the FileStore's on a
// full disk, once it has cut the journal back) is answered that nothing
// was recorded, without "unconfirmed". The client then sends a creation, a join or a rematch again with the same
// Idempotency-Key, which gives the answer of the write if it was made
// and makes it if not; a move, a resignation or a takeback has no key,
// so the client reads the game (GET /games/{id}) before sending it
// again: a move that was recorded is then seen played, and the same move
// sent again is refused as out of turn, never played twice. A creation
// without a key that was recorded all the same is a game nobody knows:
// it expires unjoined. Each call the server makes in the background (a
// computer player's move, the sweep, following another node's move) has
// the same deadline, and is made again later.
//
// Tokens and invitations are stored as their SHA-256, never in
// clear. A journal is read strictly, so a server of an earlier version,
// which knows fewer kinds of event and fields, takes the journal of a game
// that holds a newer one (a rematch) as damaged, and FileStore sets it
// aside: upgrade every node sharing a store before any asks for a rematch,
// and do not go back to an earlier version on the same data.
//
// With -data DIR (FileStore) every game is a journal, DIR/<id>.journal: a
// header that records how many bytes of the file are known to be synced,
// then one line per event, each with its length and a CRC-32 checksum,
// synced to the disk before the answer. A crash can leave only a torn
// write after the synced part (a last line cut short, or zeros): it is
// dropped, never half applied, and the file cut back. Anything else that
// is not what the server wrote (a line that fails its checksum, a file cut
// inside its synced part, CRLF line endings, zeros over written lines, a
// journal that is a directory or a link) is damage: the journal is set
// aside as it is, renamed DIR/<id>.journal.damaged, the server logs it,
// and answers the game kind "damaged" rather than as unknown; so is a
// journal that reads but whose events do not replay (a move the rules
// refuse), when the server reads the game. Nothing it cannot read is
// ever truncated or deleted (the journal of a game that expires before
// the server has read it since its start is deleted unread: it checks
// the lines, not the moves). The directory is one server's: it is
// locked (DIR/referee.lock), and a second server started on it is
// refused with the first one's pid, since each would answer from its own
// copy of the games; a crash leaves no lock behind. See FileStore for the
// details.
//
// The server starts without reading the journals: it asks the store for
// the list of games, with the first and last events of each (Store.List),
// which is enough to know when each expires and which computer players
// must resume; a game is read and replayed, its moves checked again
// through the library, the first time a request needs it. With 3 000
// games of 1 000 plies each, a server starts and answers its first
// request in about a tenth of a second.
//
// # Several servers on one store
//
// Several servers (nodes) may share one store, such as a database, behind
// a load balancer. What is shared is the store alone: each game's journal
// is the truth, and the store gives each event number to one writer only
// (Store.Append answers ErrConflict to the others). Each node keeps in
// memory the games it has served, replayed, and the store's list of games
// from its start; before it answers about a game it reads the events it
// has not seen (Load from the next number) and applies them. A move that
// loses the race for its number is checked again against the new
// position and refused as the library refuses it (the other side's turn,
// an illegal move), never journaled. Event streams (GET
// /games/{id}/events) follow moves made on other nodes: a store that is a
// Watcher tells each node which games changed; another shared store is
// read again every Config.Poll. When the store cannot be reached, every
// write is answered 503 and no move is acknowledged that it did not
// commit; a write whose answer was lost is found by the next request. A
// store that hangs is answered as one that cannot be reached, after
// StoreTimeout.
// The server logs such an outage when it begins, once a minute while it
// lasts (how long, and how many calls to the store failed), and when the
// store answers again, rather than at every request it refuses; a store
// that reads but cannot write (a full disk) is in an outage until a write
// succeeds again, and one that fails some games' calls while it answers
// others' (some journals unwritable) is in an outage until a call
// succeeds with none failed for a second (or a second after the last
// call, if it succeeded), or the game that failed last works again.
// Watching the other nodes' changes (a Watcher) is logged apart, the
// same way: when it begins to fail, once a minute while it fails, and
// when a try to watch has run for 30 s without failing (Watch gives no
// other sign that it works); a watch that fails while the calls about
// the games succeed (a database that refuses LISTEN) is no outage of the
// store. A
// FileStore whose disk stops answering gives up at StoreTimeout too. A
// computer player whose move the store cannot take
// tries it again, less often as the outage goes on (every 16 s at most),
// until it is taken.
//
// The rate limits are each node's, for its own clients. MaxGames is the
// store's when the store can count its games (a Counter, as MemStore and
// the PostgreSQL store are): every node counts them before each creation
// and refuses one once the store holds MaxGames, whichever node created
// them and whichever restarted since, so give every node the same
// MaxGames (a few creations under way on other nodes at that moment may
// pass it). A node whose creation is refused so lists the store's games
// again (once a minute at most) and sweeps those that expired, though
// another node made them: the games of a node that died, and was not
// started again, are deleted too. That sweep, one at a time and one a
// second at most, takes at most half the request's StoreTimeout, the
// other half left to create the game; when the time runs out the answer
// is still "full", and the Janitor's sweeps go on from there. With a shared store that cannot count,
// each node counts the games it holds in memory, those created or read
// there, not those it only listed at its start, which belong to every
// node: the store may then hold up to about the number of nodes times
// MaxGames.
//
// An event's time is the clock of the node that wrote it, and each node
// judges by its own clock whether a game expired: the nodes' clocks must
// agree (NTP) within ClockSkew (-clock-skew, 2 minutes by default), the
// margin by which a game outlives its TTL on a shared store. A node whose
// clock is ahead of the writer's by more than that deletes games early
// (a game waiting for its second player answers 404 to his join); one
// behind keeps them longer.
//
// A node runs the computer player of every game against the computer
// that it knows to be played: it starts one when it loads such a game
// (those it lists at start are loaded in the background), and when
// it learns that the player took its seat, on this node or another (a
// creation retried with its key on several nodes, a rematch). So a game
// whose player ran on a node that died is played on, by every node that
// serves it; two players for one game only cost work, since the store
// takes one move a ply.
//
// A store that only one server uses (FileStore, or any that implements
// Exclusive) spares the reads: the server trusts what it has in memory.
// MemStore keeps games in memory and can be shared by several Servers of
// one process; the package storetest checks that a Store keeps the
// contract the server relies on.
//
// # Playing in the browser
//
// The server also serves a web page at / to play the games by clicking
// squares: open http://localhost:8080/, choose a game and an opponent, and
// play. The opponent is the computer player, easy, medium or hard, or a
// friend, to whom the page gives a link that carries only his invitation
// (/#join=<id>.<invitation>). Each player's token stays in his browser's
// storage. The page asks for everything relative to its own address, so a
// program may serve the referee under a path of its own, beside its own
// handlers (mux.Handle("/hops/", http.StripPrefix("/hops", srv))): the
// page is then at /hops/ and never sends a request outside it.
//
// The page teaches the game as it is played: while a move is built it
// draws the position the clicks so far make (the builder's preview: a
// pawn on the square it went to, Catch'it's ball with it, Zapita's bomb
// where it was thrown) and says what the next click is for ("second
// displacement: move another pawn", "click where the bomb lands, up to 2
// squares in a line"); the squares that may be clicked next are ringed,
// never covered. Every refusal is said in plain words, with the rule it
// breaks as a link into the rules of the game (in the lobby, which shows
// no rules, by its id), which the page shows from the project's rule
// book with a picture of the start and a legend of every mark on the
// board. What was said of a
// position goes when the next one comes. A move whose writing the server
// could not confirm is said to be perhaps recorded, and the page reads
// the game again to show which. The board is seen from the player's side (turned round for the
// second side); in Brouillard the page says the player's target and the
// figures each side has taken. The moves are listed by turn with the
// sides' names. The board is played from the keyboard too (Tab to it,
// arrow keys, Enter or Space; Escape starts the move again), its squares
// and pieces are named for screen readers, and the opponent's move is
// announced in words ("E2 to C2 taking the ball, C4, then G7 to G6"). A
// lost connection is shown in the header; the page retries,
// waiting longer each time, and takes up the game when the server is
// back.
//
// Every game can be replayed move by move and shared: /#watch=<id> shows
// it to anyone, first, previous, next and last position, and follows it
// while it goes on; its record downloads in the library's record format.
// After the end the players may ask for a rematch (sides swapped), and
// against the computer a player may take back his last move and the
// computer's reply. Finished games are kept -finished (30 days by
// default in examples/referee) for this.
//
// The page uses the API above and these routes of its own:
//
//	POST /games/{id}/build       the move builder: {"clicks": ["D2", "xD4"]}, the
//	                             squares the player to move has clicked, "x"
//	                             before a hop that takes the ball (Catch'it) or
//	                             turns the pawn over (Brouillard), "out" for
//	                             Catch'it's exit; answers {"next": [...],
//	                             "complete": true, "move": "...", "prompt":
//	                             "...", "svg": "...", "preview": "..."}: what may
//	                             be clicked next, the move the clicks make if
//	                             complete, what the next click is for, and the
//	                             position the clicks leave (hops.Built.Preview)
//	                             as a picture and a diagram; or the error of the
//	                             click that breaks a rule. In Brouillard it is
//	                             answered from the player's own view, the preview
//	                             included
//	GET  /games/{id}/events      the game's states as server-sent events
//	                             (text/event-stream), each a state as GET
//	                             /games/{id} answers it plus "last", the last move,
//	                             and "reveal"; the stream ends with the game. Each
//	                             event's "id:" is the state's version, which rises
//	                             with every change of the game, a takeback too
//	                             (whose ply is lower), and is the same on every
//	                             node: a client shows a state only if its version
//	                             is higher than the one shown. It sends the newest
//	                             state: states that follow each other faster than
//	                             the client reads skip to the newest ("version"
//	                             tells), and so do the moves made on another node
//	                             that this node learns of at once (under load, or
//	                             after the shared store was away), so a client
//	                             that needs every move and reveal reads /history
//	                             when the version rises by more than one. A
//	                             client that connects again gets the current
//	                             state first, and needs no Last-Event-ID
//	GET  /games/{id}/replay      the game after ?ply=N moves (default: all played),
//	                             for a player or anyone without a token:
//	                             {"id", "game", "hidden", "ply", "plies",
//	                             "version", "move", "reveal", "to_move",
//	                             "position", "diagram", "svg", "moves", "movers",
//	                             "reveals", "status", "outcome", "unjoined",
//	                             "result", "you"},
//	                             version being the game's (as in its state), you
//	                             the asker's side when he sent his token; "hidden":
//	                             true, to a spectator of a Brouillard game in
//	                             progress, says that the position is not shown
//	                             (a player then sees his view; once the game is
//	                             over, everyone sees the true positions)
//	GET  /games/{id}/record      the game's record as text (hops.ReadRecord reads
//	                             it), with the tags Event, Date (the day the game
//	                             was created, UTC, as 2026.11.29) and, against the
//	                             computer, its side's ("[Red "computer (hard)"]");
//	                             a resignation is told in a Termination tag
//	POST /games/{id}/rematch     with a player's token, once the game is over (409,
//	                             kind "playing", before): a
//	                             new game between the same players, sides swapped,
//	                             the loser of the game beginning (G8: he plays the
//	                             side the winner played, and it starts), against the
//	                             same computer player if it was one; after a game
//	                             closed at its ply bound, which has no loser, the
//	                             player who moved second begins (the side that began
//	                             starts again, now his). The first who asks creates
//	                             it and gets {"id", "game", "you", "token"} (201);
//	                             the other is then told {"id", "game", "invitation",
//	                             "join": true} (200, by POST or GET), the invitation
//	                             being his own token of the finished game, and
//	                             joins it. The finished game's journal keeps the
//	                             rematch (event "rematch"): every node, and the
//	                             server after a restart, tells the same game. A
//	                             rematch whose game is gone (it expired, or its
//	                             asker resigned it, before the other joined, or
//	                             it is damaged) is replaced by the next request;
//	                             a store that cannot be read is answered (503)
//	                             and replaces nothing; a game nobody
//	                             joined has none (409, kind "waiting")
//	GET  /games/{id}/rematch     the rematch, if one was asked for (404, kind
//	                             "none", until then, and once its game is gone);
//	                             a game nobody joined has none (409, kind
//	                             "waiting")
//	POST /games/{id}/takeback    against the computer, on the player's turn: takes
//	                             back his last turn and the computer's reply;
//	                             answers the state. It is journaled (event
//	                             "takeback"), so a restart keeps it; between two
//	                             people, or past a turn that turned a pawn over
//	                             in Brouillard, it is refused (403, kind
//	                             "takeback"). Its body may be empty, or
//	                             {"ply": 6}, the number of moves the client
//	                             sees played: a game at another ply refuses it
//	                             (409, kind "takeback") and changes nothing, so
//	                             that a takeback sent twice takes back one turn
//	GET  /rules/{game}           the game's rules, then the rules common to the
//	                             four games, as Markdown from the rule book
//	                             (hops.RuleSection); each rule starts "**K8 ..."
//	GET  /rules/{game}/start.svg a picture of the game's start position
//
// POST /games takes "opponent": "person" (the default) or "easy",
// "medium", "hard" for the computer player, which then takes the other
// seat at once (no invitation is returned) and plays its moves itself,
// through the same checks and journal as a person's.
//
// Who sees what of a game he does not play (a spectator, or anyone with
// the share link): in Zapita, Catch'it and Coir Circuit everything, as the
// players do. In Brouillard au Palais, while the game goes on, only what
// both players know: the moves, the side that played each, what each made
// public (B4, B8) and the state of play; never a position, a diagram or a
// picture, which would hold hidden pawns, and no record (403, kind
// "hidden"). GET /games/{id}, /svg, /history, /moves and /events still
// need a player's token. Once the game has ended (status "over", a
// resignation included, or "closed" at the ply bound) it is public whole:
// the replay shows the true positions, both arrangements included, and
// the record is the true one, as players may show each other their pawns
// after a game; a player who resigns sees the other's pawns too. (A game its creator resigned before anyone joined has
// only his arrangement: the side nobody took stands in the example
// arrangement, brouillard.StartArrangement, in which the game was
// created.) A player sees his own view while the game goes on; once
// it has ended his replay shows the true positions, as anyone's does. His
// record, with his token, is his own (brouillard.PlayerRecord), during
// the game and after; the true one is anyone's, asked for without a
// token, once the game has ended.
package referee
