package hops_test

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/catchit"
	"github.com/hopsgames/hops/coir"
	registry "github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/players"
	"github.com/hopsgames/hops/zapita"
)

// jsonPackages are the library's packages whose exported types must each
// either round-trip through JSON or refuse to encode.
var jsonPackages = map[string]string{
	"hops": ".", "zapita": "zapita", "catchit": "catchit", "coir": "coir",
	"brouillard": "brouillard", "games": "games", "players": "players",
}

// jsonSample is a value of one exported type, as a program meets it.
type jsonSample struct {
	v any
	// refuse: json.Marshal must fail with an *hops.Error (a MarshalJSON
	// that says the type has no JSON form, or a field's).
	refuse bool
	// decode reads the JSON back, for values that cannot be decoded into
	// a new value of their own type (an interface value of an unexported
	// type); nil decodes into a new value of v's type.
	decode func(data []byte) (any, error)
}

// exportedTypes lists "pkg.Name" for every exported type and variable
// declared in the non-test sources of the packages.
func exportedTypes(t *testing.T) []string {
	t.Helper()
	var out []string
	for pkg, dir := range jsonPackages {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok {
					continue
				}
				for _, s := range g.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							out = append(out, pkg+"."+s.Name.Name)
						}
					case *ast.ValueSpec: // variables: values a program may send as they are
						for _, n := range s.Names {
							if g.Tok == token.VAR && n.IsExported() {
								out = append(out, pkg+"."+n.Name)
							}
						}
					}
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// jsonSamples maps every exported type and variable to a sample value. Adding an
// exported type to one of the packages makes TestEveryTypeJSON fail
// until it has a line here; a type that leaves the API loses its line.
func jsonSamples(t *testing.T) map[string]jsonSample {
	cs := catchit.Start()
	cm := cs.AppendMoves(nil)[7]
	state := catchit.Game.Start(hops.Second)
	readState := func(data []byte) (any, error) {
		var s registry.State
		err := json.Unmarshal(data, &s)
		return s.State, err
	}
	// A build reads back with its preview's text, which the game parses.
	readBuilt := func(data []byte) (any, error) {
		var b hops.Built[catchit.Move]
		if err := json.Unmarshal(data, &b); err != nil {
			return nil, err
		}
		if b.Preview != nil {
			return nil, errors.New("a preview read from JSON")
		}
		p, err := catchit.Parse(b.PreviewText())
		return hops.Built[catchit.Move]{Next: b.Next, Complete: b.Complete, Move: b.Move, Prompt: b.Prompt, Preview: p}, err
	}
	// A kind of error reads back as the kind of an Error.
	readKind := func(data []byte) (any, error) {
		var e hops.Error
		err := json.Unmarshal([]byte(`{"kind":`+string(data)+`,"message":"m"}`), &e)
		return e.Kind, err
	}
	readError := func(data []byte) (any, error) {
		var e *hops.Error
		err := json.Unmarshal(data, &e)
		return e, err
	}
	zs := zapita.Start()
	zm := zs.AppendMoves(nil)[3]
	os := coir.Start()
	om := os.AppendMoves(nil)[2]
	bs := brouillard.Start()
	bm := bs.AppendMoves(nil)[5]
	bview := bs.View(hops.Second)
	gview, err := registry.ViewOf(brouillard.Game.Start(hops.First), hops.First)
	if err != nil {
		t.Fatal(err)
	}
	rules := hops.JumpRules{Board: hops.Board7, Dirs: hops.AllDirs, Over: 1 << 9, Land: ^hops.Bitboard(1 << 9)}
	var search hops.JumpSearch
	search.Reset(&rules, hops.SquareAt(0, 0))
	rec := hops.NewRecorder(state)
	if _, err := rec.Play(state.Moves()[0]); err != nil {
		t.Fatal(err)
	}
	opt := players.Options{Nodes: 100, Time: time.Second, Seed: 7}
	searcher := players.NewSearcher[catchit.Position, catchit.Move](players.CatchitEval, opt)
	agent, err := players.New(coir.Game, players.KindSearch, opt)
	if err != nil {
		t.Fatal(err)
	}
	built, err := cs.Build(cm.Clicks()[:1]) // a move begun, not complete
	if err != nil || built.Complete || len(built.Next) == 0 {
		t.Fatalf("Build(one click) = %+v, %v", built, err)
	}
	whole, err := cs.Build(cm.Clicks())
	if err != nil {
		t.Fatal(err)
	}
	var hopsErr *hops.Error
	illegal, err := catchit.ParseMove("C1-C3 D1-D2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cs.Play(illegal); !errors.As(err, &hopsErr) {
		t.Fatalf("an illegal move gave %v", err)
	}
	return map[string]jsonSample{
		// The root package: values that travel.
		"hops.Arrow":       {v: hops.Arrow{FromFile: 3, ToFile: 3, ToRank: 7, Dashed: true}},
		"hops.Bitboard":    {v: hops.Bitboard(0x8000_0000_0000_0401)},
		"hops.Built":       {v: built, decode: readBuilt},
		"hops.Built/whole": {v: whole, decode: readBuilt},
		"hops.Click":       {v: hops.Click{Square: hops.SquareAt(1, 2), Mark: true}},
		"hops.Dir":         {v: hops.SouthWest},
		"hops.DirSet":      {v: hops.DirSet(0x55)},
		"hops.DivideEntry": {v: hops.DivideEntry[zapita.Move]{Move: zm, Nodes: 12}},
		"hops.Error":       {v: hopsErr},
		"hops.JumpError":   {v: hops.JumpError{Fault: 2, Hop: 2, From: 3, To: 19, Over: hops.NoSquare}},
		"hops.JumpFault":   {v: hops.JumpFault(3)},
		"hops.JumpResult":  {v: hops.JumpResult{End: 20, LastOver: 13, Turned: 1 << 13, Taken: true, TakeHop: 1}},
		"hops.Piece":       {v: hops.Piece{Side: hops.Second, Letter: 'q', Name: "Red Queen"}},
		"hops.Outcome":     {v: hops.Win(hops.Second, "Red", "K3", "the ball left the board")},
		"hops.Path":        {v: bm.Fou()},
		"hops.Record":      {v: *rec.Record()},
		"hops.RecordMove":  {v: hops.RecordMove{Text: "D2-B2xB4", Reveal: "B3 Nine captured", Comment: "a hit"}},
		"hops.Side":        {v: hops.Second},
		"hops.Square":      {v: hops.SquareAt(6, 5)},
		"hops.StateKey":    {v: hops.StateKey{1, 2, 3}},
		"hops.Tag":         {v: hops.Tag{Name: "Red", Value: "Ann"}},
		"hops.Token":       {v: hops.Token{Fill: "red", Label: "3", FaceDown: true}},
		// Interfaces: a value of the library that implements them.
		"hops.Builder":  {v: os},
		"hops.Move":     {v: om},
		"hops.Position": {v: zs},
		"hops.Analysis": {v: zs},
		"hops.UI":       {v: os},
		"hops.Drawable": {v: cs},
		"hops.State":    {v: state, decode: readState},
		// The engine: no JSON form.
		"hops.Board":        {v: hops.Board7, refuse: true},
		"hops.Drawing":      {v: cs.Drawing(), refuse: true}, // its Board; pictures travel as SVG
		"hops.Game":         {v: catchit.Game, refuse: true},
		"hops.JumpRules":    {v: rules, refuse: true},
		"hops.JumpSearch":   {v: &search, refuse: true},
		"hops.Reach":        {v: rules.Reach(hops.SquareAt(0, 0)), refuse: true},
		"hops.RecordReader": {v: hops.NewRecordReader(strings.NewReader("")), refuse: true},
		"hops.Recorder":     {v: rec, refuse: true},

		// Variables.
		"hops.Board6":       {v: hops.Board6, refuse: true},
		"hops.Board7":       {v: hops.Board7, refuse: true},
		"hops.ErrSyntax":    {v: hops.ErrSyntax, decode: readKind},
		"hops.ErrPosition":  {v: hops.ErrPosition, decode: readKind},
		"hops.ErrIllegal":   {v: hops.ErrIllegal, decode: readKind},
		"hops.Ongoing":      {v: hops.Ongoing},
		"zapita.Game":       {v: zapita.Game, refuse: true},
		"catchit.Game":      {v: catchit.Game, refuse: true},
		"coir.Game":         {v: coir.Game, refuse: true},
		"brouillard.Game":   {v: brouillard.Game, refuse: true},
		"players.ErrNoMove": {v: players.ErrNoMove, decode: readError},

		"zapita.Move":            {v: zm},
		"zapita.Position":        {v: zs},
		"zapita.Setup":           {v: zs.Setup()},
		"catchit.Setup":          {v: cs.Setup()},
		"coir.Setup":             {v: os.Setup()},
		"brouillard.Setup":       {v: bs.Setup()},
		"catchit.Move":           {v: cm},
		"catchit.Position":       {v: cs},
		"coir.Move":              {v: om},
		"coir.Position":          {v: os},
		"brouillard.Move":        {v: bm},
		"brouillard.Position":    {v: bs},
		"brouillard.View":        {v: bview},
		"brouillard.Arrangement": {v: brouillard.RandomArrangement(rand.New(rand.NewPCG(1, 2)))},
		"brouillard.Kind":        {v: brouillard.Queen},
		"brouillard.Reveal":      {v: brouillard.Reveal{Turned: true, Square: hops.SquareAt(3, 4), Kind: brouillard.Ten, Captured: true}},

		"games.Division": {v: registry.Division{Move: "A1-A2", Nodes: 17}},
		"games.State":    {v: registry.State{State: state}},
		"games.View":     {v: gview},

		"players.Options":     {v: opt},
		"players.Result":      {v: players.Result[coir.Move]{Move: om, Score: -40, Depth: 3, Nodes: 999}},
		"players.Agent":       {v: agent, refuse: true},
		"players.AgentFunc":   {v: players.AgentFunc(func(hops.State) (string, error) { return "", nil }), refuse: true},
		"players.Baseline":    {v: players.NewBaseline[coir.Position, coir.Move](players.CoirEval, opt), refuse: true},
		"players.Eval":        {v: players.Eval[coir.Position](players.CoirEval), refuse: true},
		"players.FogSearcher": {v: players.NewFogSearcher(opt), refuse: true},
		"players.MCTS":        {v: players.NewMCTS(players.CoirEval, players.CoirTactics(), opt), refuse: true},
		"players.Player":      {v: players.Player[catchit.Position, catchit.Move](searcher), refuse: true},
		"players.Random":      {v: players.NewRandom[coir.Position, coir.Move](3), refuse: true},
		"players.Sampler":     {v: players.Sampler[brouillard.Position](func(*rand.Rand) (brouillard.Position, error) { return bs, nil }), refuse: true},
		"players.Searcher":    {v: searcher, refuse: true},
		"players.Tactics":     {v: players.CoirTactics(), refuse: true},
		"players.WinFinder":   {v: players.WinFinder(zs)},
		"players.Winner":      {v: players.Winner(cm)},
	}
}

// TestEveryTypeJSON walks every exported type (and variable) of the
// library's packages:
// each one's sample either comes back equal from its JSON, or refuses to
// encode. No value encodes as {} and reads back as something else.
func TestEveryTypeJSON(t *testing.T) {
	samples := jsonSamples(t)
	types := exportedTypes(t)
	for _, name := range types {
		if _, ok := samples[name]; !ok {
			t.Errorf("%s has no sample in jsonSamples: add one (a value that round-trips, or refuse: true)", name)
		}
	}
	for name := range samples {
		if base, _, _ := strings.Cut(name, "/"); !containsString(types, base) {
			t.Errorf("jsonSamples has %s, which is no longer an exported type: remove it", name)
		}
	}
	// A value held by pointer must encode as the pointer does: check the
	// struct it points to too (a MarshalJSON on the pointer alone would
	// leave it to encode field by field).
	for name, s := range samples {
		rv := reflect.ValueOf(s.v)
		if s.decode == nil && rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Elem().Kind() == reflect.Struct {
			samples[name+"/value"] = jsonSample{v: rv.Elem().Interface(), refuse: s.refuse}
		}
	}
	// The zero value of every type a program may hold as a field (a move
	// not played yet, a position not set) must round-trip or refuse as
	// well: a field left empty must not encode as a text that does not
	// read back.
	for name, s := range samples {
		rt := reflect.TypeOf(s.v)
		if s.decode != nil || rt == nil || strings.Contains(name, "/") {
			continue
		}
		if k := rt.Kind(); k == reflect.Func || k == reflect.Pointer || k == reflect.Interface {
			continue // nil: null, as encoding/json writes it
		}
		if name == "games.State" || name == "games.View" {
			// They hold a state: the zero one has none and is null.
			if data, err := json.Marshal(reflect.Zero(rt).Interface()); err != nil || string(data) != "null" {
				t.Errorf("%s/zero: json.Marshal = %s, %v; want null", name, data, err)
			}
			continue
		}
		samples[name+"/zero"] = jsonSample{v: reflect.Zero(rt).Interface(), refuse: s.refuse}
	}
	names := make([]string, 0, len(samples))
	for name := range samples {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		s, ok := samples[name]
		if !ok || s.v == nil {
			continue // an interface with no exported implementation
		}
		data, err := json.Marshal(s.v)
		if s.refuse {
			var he *hops.Error
			if err == nil || !errors.As(err, &he) {
				t.Errorf("%s: json.Marshal = %s, %v; want an *hops.Error (no JSON form)", name, data, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: json.Marshal: %v", name, err)
			continue
		}
		if string(data) == "{}" {
			t.Errorf("%s encodes as {}", name)
		}
		var back any
		if s.decode != nil {
			back, err = s.decode(data)
		} else {
			p := reflect.New(reflect.TypeOf(s.v))
			err = json.Unmarshal(data, p.Interface())
			back = p.Elem().Interface()
		}
		if err != nil {
			t.Errorf("%s: %s does not read back: %v", name, data, err)
			continue
		}
		again, err := json.Marshal(back)
		if err != nil || string(again) != string(data) {
			t.Errorf("%s: %s reads back as a value that encodes as %s, %v", name, data, again, err)
		}
		if !sameValue(s.v, back) {
			t.Errorf("%s: %s reads back as %#v, want %#v", name, data, back, s.v)
		}
		if s.decode == nil {
			checkRefusedLeavesAsWas(t, name, reflect.TypeOf(s.v), data)
		}
	}
}

// checkRefusedLeavesAsWas: an object whose last value has the wrong
// type, decoded into the zero value of its type, is refused and leaves
// it as it was, not with the keys before the fault decoded into it.
// data is a sample's JSON; objects of fewer than two keys are skipped.
func checkRefusedLeavesAsWas(t *testing.T, name string, rt reflect.Type, data []byte) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(data)))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return
	}
	var keys []string
	var values []json.RawMessage
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatalf("%s: %s: %v", name, data, err)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%s: %s: %v", name, data, err)
		}
		keys, values = append(keys, k.(string)), append(values, v)
	}
	if len(keys) < 2 {
		return
	}
	last := &values[len(values)-1]
	if b := (*last)[0]; b == 't' || b == 'f' {
		*last = json.RawMessage(`"x"`)
	} else {
		*last = json.RawMessage(`true`)
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kj, _ := json.Marshal(k)
		b.Write(kj)
		b.WriteByte(':')
		b.Write(values[i])
	}
	b.WriteByte('}')
	if rt.Kind() == reflect.Pointer {
		rt = rt.Elem() // encoding/json sets a nil pointer before decoding into it
	}
	p := reflect.New(rt)
	if err := json.Unmarshal([]byte(b.String()), p.Interface()); err == nil {
		t.Errorf("%s: %s was not refused", name, b.String())
	} else if !p.Elem().IsZero() {
		t.Errorf("%s: %s, refused (%v), left the zero value as %#v", name, b.String(), err, p.Elem().Interface())
	}
}

// sameValue compares an original and its decoded copy: deeply, except
// for the values that hold functions or caches, compared by what they say.
func sameValue(a, b any) bool {
	switch a := a.(type) {
	case registry.View:
		b := b.(registry.View)
		return a.String() == b.String() && a.Viewer() == b.Viewer() && a.Game() == b.Game() && a.Hash() == b.Hash()
	case registry.State:
		b := b.(registry.State)
		return a.Game() == b.Game() && a.String() == b.String()
	case hops.State:
		b, ok := b.(hops.State)
		return ok && a.Game() == b.Game() && a.String() == b.String()
	}
	return reflect.DeepEqual(a, b)
}

func containsString(list []string, s string) bool {
	i := sort.SearchStrings(list, s)
	return i < len(list) && list[i] == s
}
