package main

// Unit tests of message parsing and lock choice; no database needed.

import (
	"encoding/binary"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/bson/primitive"
	"go.mongodb.org/mongo-driver/x/bsonx/bsoncore"
)

// opMsgBytes builds an OP_MSG with a body and optional kind-1 sequences, as drivers send them.
func opMsgBytes(flags uint32, body bsoncore.Document, seqName string, seq ...bsoncore.Document) []byte {
	msg := make([]byte, headerBytes, 256)
	binary.LittleEndian.PutUint32(msg[4:], 7) // request id
	binary.LittleEndian.PutUint32(msg[12:], opMsg)
	msg = binary.LittleEndian.AppendUint32(msg, flags)
	msg = append(append(msg, 0), body...)
	if seqName != "" {
		var docs []byte
		for _, d := range seq {
			docs = append(docs, d...)
		}
		msg = append(msg, 1)
		msg = binary.LittleEndian.AppendUint32(msg, uint32(4+len(seqName)+1+len(docs)))
		msg = append(append(append(msg, seqName...), 0), docs...)
	}
	binary.LittleEndian.PutUint32(msg, uint32(len(msg)))
	return msg
}

// withChecksum appends the 4 CRC bytes the checksumPresent flag announces (not checked by us).
func withChecksum(msg []byte) []byte {
	msg = append(msg, 0, 0, 0, 0)
	binary.LittleEndian.PutUint32(msg, uint32(len(msg)))
	return msg
}

func doc(build func(*bsoncore.DocumentBuilder)) bsoncore.Document {
	b := bsoncore.NewDocumentBuilder()
	build(b)
	return b.Build()
}

func TestTargetIDs(t *testing.T) {
	oid := primitive.NewObjectID()
	byID := func(id string) bsoncore.Document {
		return doc(func(b *bsoncore.DocumentBuilder) {
			b.AppendDocument("q", doc(func(b *bsoncore.DocumentBuilder) { b.AppendString("_id", id).AppendInt32("n", 1) }))
		})
	}
	byField := doc(func(b *bsoncore.DocumentBuilder) {
		b.AppendDocument("q", doc(func(b *bsoncore.DocumentBuilder) { b.AppendString("k", "x") }))
	})
	byNumber := doc(func(b *bsoncore.DocumentBuilder) {
		b.AppendDocument("q", doc(func(b *bsoncore.DocumentBuilder) { b.AppendInt32("_id", 1) }))
	})
	update := doc(func(b *bsoncore.DocumentBuilder) { b.AppendString("update", "users").AppendString("$db", "auth") })

	for _, tc := range []struct {
		name string
		msg  []byte
		ids  int // -1: collection lock
	}{
		{"update by _id (sequence)", opMsgBytes(0, update, "updates", byID("a"), byID("b"), byID("a")), 3},
		{"update by other field", opMsgBytes(0, update, "updates", byID("a"), byField), -1},
		{"update by numeric _id", opMsgBytes(0, update, "updates", byNumber), -1},
		{"delete by _id (body array)", opMsgBytes(0, doc(func(b *bsoncore.DocumentBuilder) {
			b.AppendString("delete", "users").AppendArray("deletes", bsoncore.NewArrayBuilder().AppendDocument(byID("a")).Build()).AppendString("$db", "auth")
		}), ""), 1},
		{"insert", opMsgBytes(0, doc(func(b *bsoncore.DocumentBuilder) { b.AppendString("insert", "users").AppendString("$db", "auth") }),
			"documents", doc(func(b *bsoncore.DocumentBuilder) { b.AppendObjectID("_id", oid) })), 1},
		{"findAndModify by ObjectID, with checksum", withChecksum(opMsgBytes(checksumPresent, doc(func(b *bsoncore.DocumentBuilder) {
			b.AppendString("findAndModify", "users").AppendDocument("query", doc(func(b *bsoncore.DocumentBuilder) { b.AppendObjectID("_id", oid) })).AppendString("$db", "auth")
		}), "")), 1},
	} {
		cmd := parseCommand(tc.msg)
		if cmd == nil || cmd.db != "auth" || cmd.coll != "users" || !cmd.acked {
			t.Fatalf("%s: parsed %+v", tc.name, cmd)
		}
		ids, ok := targetIDs(cmd)
		if got := len(ids); !ok {
			got = -1
			if tc.ids != -1 {
				t.Errorf("%s: collection lock, want %d ids", tc.name, tc.ids)
			}
		} else if got != tc.ids {
			t.Errorf("%s: %d ids, want %d", tc.name, got, tc.ids)
		}
	}

	// moreToCome: no reply will come, so the front must not lock for it.
	if cmd := parseCommand(opMsgBytes(moreToCome, update, "updates", byID("a"))); cmd == nil || cmd.acked {
		t.Errorf("moreToCome: %+v", cmd)
	}
	// A truncated message is passed through untouched, never a crash.
	msg := opMsgBytes(0, update, "updates", byID("a"))
	for n := headerBytes; n < len(msg); n++ {
		parseCommand(msg[:n])
	}
}

func TestWriteLocksExclusion(t *testing.T) {
	cmd := func(coll, field, id string) *command {
		d := doc(func(b *bsoncore.DocumentBuilder) {
			b.AppendString("findAndModify", coll).AppendDocument("query", doc(func(b *bsoncore.DocumentBuilder) { b.AppendString(field, id) })).AppendString("$db", "db")
		})
		return parseCommand(opMsgBytes(0, d, ""))
	}
	l := newWriteLocks(true)
	blocked := func(c *command) bool {
		got := make(chan func(), 1)
		go func() { got <- l.lock(c) }()
		select {
		case unlock := <-got:
			unlock()
			return false
		case <-time.After(50 * time.Millisecond):
			go func() { (<-got)() }() // release once it is granted
			return true
		}
	}

	unlockA := l.lock(cmd("c", "_id", "a"))
	if blocked(cmd("c", "_id", "b")) {
		t.Error("a write to document b waited for one to document a")
	}
	if !blocked(cmd("c", "_id", "a")) {
		t.Error("two writes to document a ran together")
	}
	if !blocked(cmd("c", "k", "x")) {
		t.Error("a write by another field ran alongside a write by _id")
	}
	if blocked(cmd("other", "k", "x")) {
		t.Error("a write to another collection waited")
	}
	unlockA()
	time.Sleep(100 * time.Millisecond) // let the blocked ones finish
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.docs) != 0 {
		t.Errorf("%d document locks left behind", len(l.docs))
	}
}
