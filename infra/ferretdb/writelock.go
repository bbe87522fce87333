package main

// The TCP front between clients and FerretDB's private Unix socket. It has two jobs.
//
// 1. Serialise writes. FerretDB v1 applies an update as a query followed by a separate write,
//    with nothing holding the document in between, so two concurrent updates of one document
//    lose one of them (PostgreSQL backend: 16 clients x 500 $inc on one document kept ~7%).
//    MongoDB applies each single-document write atomically and Pinhive relies on that (an outbox
//    relay and a request may update the same user at once). An acknowledged write command holds
//    a lock from the moment it is forwarded until its reply comes back; reads are never held.
//    The lock is per document when the command names its documents by `_id`, else per
//    collection (doclock.go); docs/decisions/ferretdb-concurrent-updates.md compares it with one global lock.
// 2. With the postgresql handler, keep the companion GIN indexes (companion.go) in step: a
//    createIndexes/dropIndexes/drop reply is held until they match, so a service whose
//    createIndexes returned can count on them; the first write seen for a collection (which may
//    have created it) triggers a background check for its _id companion.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"sync"

	"go.mongodb.org/mongo-driver/x/bsonx/bsoncore"
)

const (
	opMsg           = 2013
	checksumPresent = 1 << 0
	moreToCome      = 1 << 1
	headerBytes     = 16
	maxMessage      = 48 * 1024 * 1024 // MongoDB's maxMessageSizeBytes
)

var writeCommands = map[string]bool{"insert": true, "update": true, "delete": true, "findAndModify": true, "findandmodify": true}

// Commands after whose reply the companion indexes of their collection must match before the
// client sees the reply.
var indexCommands = map[string]bool{"createIndexes": true, "dropIndexes": true, "deleteIndexes": true, "drop": true}

// Commands that may create a collection: their first sight starts a background companion sync.
var creatingCommands = map[string]bool{"insert": true, "update": true, "findAndModify": true, "findandmodify": true, "create": true}

// command is what the front reads from a client's OP_MSG.
type command struct {
	id    int32  // request id; the reply carries it as responseTo
	acked bool   // false with moreToCome: no reply will come
	name  string // the body's first key, e.g. "update"
	coll  string // its value when a string: the collection of collection commands
	db    string // the body's $db
	body  bsoncore.Document
	seqs  map[string][]bsoncore.Document // kind-1 sections (the driver sends "updates" etc. there)
}

type front struct {
	backend    string // FerretDB's Unix socket
	logger     *slog.Logger
	companions *companions // nil with the sqlite handler
	analyzer   *analyzer   // nil with the sqlite handler: statistics after bursts of inserts (analyze.go)
	// lock takes the lock a write command holds until its reply and returns its release.
	lock func(cmd *command) (unlock func())
}

// serve accepts clients on ln and connects each to FerretDB's socket.
func (f *front) serve(ln net.Listener) {
	for {
		client, err := ln.Accept()
		if err != nil {
			if !errors.Is(err, net.ErrClosed) {
				f.logger.Error("accept failed", "err", err)
			}
			return
		}
		go f.relay(client)
	}
}

// inflight is a forwarded request that needs something done when its reply arrives.
type inflight struct {
	cmd    *command
	unlock func() // nil when the command holds no lock
}

// relay copies messages both ways, taking and releasing write locks around write commands.
func (f *front) relay(client net.Conn) {
	defer client.Close()
	server, err := net.Dial("unix", f.backend)
	if err != nil {
		f.logger.Error("cannot reach ferretdb", "err", err)
		return
	}
	defer server.Close()

	var mu sync.Mutex
	pending := map[int32]*inflight{} // by request id

	done := make(chan struct{})
	go func() { // server -> client
		defer close(done)
		// FerretDB hung up (it panics on some commands): the client must see it, or it waits for
		// an answer for good. Closing its side also ends the loop below.
		defer client.Close()
		for {
			msg, err := readMessage(server)
			if err != nil {
				return
			}
			mu.Lock()
			p := pending[responseTo(msg)]
			delete(pending, responseTo(msg))
			mu.Unlock()
			if p != nil {
				f.replied(p) // before the client sees the reply: see indexCommands
			}
			if _, err = client.Write(msg); err != nil {
				return
			}
		}
	}()

	defer func() {
		server.Close()
		<-done
		for _, p := range pending { // the connection died while writes held locks
			if p.unlock != nil {
				p.unlock()
			}
		}
	}()
	for { // client -> server
		msg, err := readMessage(client)
		if err != nil {
			return
		}
		if cmd := parseCommand(msg); cmd != nil && cmd.acked {
			p := &inflight{cmd: cmd}
			if writeCommands[cmd.name] {
				p.unlock = f.lock(cmd)
			}
			if p.unlock != nil || f.companions != nil && companionCommand(cmd.name) {
				mu.Lock()
				pending[cmd.id] = p
				mu.Unlock()
			}
		}
		if _, err = server.Write(msg); err != nil {
			return
		}
	}
}

// replied runs when FerretDB answered p: the write is done (release its lock first, so a slow
// client never holds it), then the companion indexes follow.
func (f *front) replied(p *inflight) {
	if p.unlock != nil {
		p.unlock()
	}
	if p.cmd.name == "insert" && f.analyzer != nil { // once the rows are in, so ANALYZE sees them
		f.analyzer.inserted(p.cmd.db, p.cmd.coll, insertedDocuments(p.cmd))
	}
	c, cmd := f.companions, p.cmd
	if c == nil || cmd.db == "" {
		return
	}
	switch {
	case cmd.name == "dropDatabase":
		c.forgetDatabase(cmd.db)
	case cmd.coll == "":
	case indexCommands[cmd.name]:
		c.syncNow(cmd.db, cmd.coll)
	case creatingCommands[cmd.name]:
		c.syncOnce(cmd.db, cmd.coll)
	}
}

// companionCommand: the reply of such a command may concern the companion indexes.
func companionCommand(name string) bool {
	return indexCommands[name] || creatingCommands[name] || name == "dropDatabase"
}

func readMessage(r io.Reader) ([]byte, error) {
	header := make([]byte, headerBytes)
	if _, err := io.ReadFull(r, header); err != nil {
		return nil, err
	}
	size := int(int32(binary.LittleEndian.Uint32(header)))
	if size < headerBytes || size > maxMessage {
		return nil, errors.New("bad message length")
	}
	msg := make([]byte, size)
	copy(msg, header)
	_, err := io.ReadFull(r, msg[headerBytes:])
	return msg, err
}

func requestID(msg []byte) int32  { return int32(binary.LittleEndian.Uint32(msg[4:8])) }
func responseTo(msg []byte) int32 { return int32(binary.LittleEndian.Uint32(msg[8:12])) }

// parseCommand reads an OP_MSG: flags, then sections; kind 0 is the body document (its first
// key names the command), kind 1 a named document sequence. Anything else (legacy opcodes, a
// malformed message) is nil and passes through untouched; FerretDB answers it.
func parseCommand(msg []byte) (cmd *command) {
	if len(msg) < headerBytes+5 || binary.LittleEndian.Uint32(msg[12:16]) != opMsg {
		return nil
	}
	defer func() { // bsoncore should return errors, but a client's bytes must never crash us
		if recover() != nil {
			cmd = nil
		}
	}()
	flags := binary.LittleEndian.Uint32(msg[16:20])
	end := len(msg)
	if flags&checksumPresent != 0 {
		end -= 4
	}
	c := &command{id: requestID(msg), acked: flags&moreToCome == 0}
	for rest := msg[20:end]; len(rest) > 0; {
		kind := rest[0]
		switch kind {
		case 0:
			doc, r, ok := bsoncore.ReadDocument(rest[1:])
			if !ok {
				return nil
			}
			c.body, rest = doc, r
		case 1:
			size, _, ok := bsoncore.ReadLength(rest[1:])
			if !ok || size < 5 || int(size) > len(rest)-1 {
				return nil
			}
			seq := rest[5 : 1+size]
			rest = rest[1+size:]
			n := bytes.IndexByte(seq, 0)
			if n < 0 {
				return nil
			}
			name, docs := string(seq[:n]), seq[n+1:]
			if c.seqs == nil {
				c.seqs = map[string][]bsoncore.Document{}
			}
			for len(docs) > 0 {
				d, r, ok := bsoncore.ReadDocument(docs)
				if !ok {
					return nil
				}
				c.seqs[name], docs = append(c.seqs[name], d), r
			}
		default:
			return nil
		}
	}
	if c.body == nil {
		return nil
	}
	first, err := c.body.IndexErr(0)
	if err != nil {
		return nil
	}
	c.name = first.Key()
	c.coll, _ = first.Value().StringValueOK()
	c.db, _ = c.body.Lookup("$db").StringValueOK()
	return c
}
