package main

// A front for FerretDB that serializes write commands.
//
// FerretDB v1 applies an update as a query followed by a separate write, with nothing holding
// the document in between, so two concurrent updates of one document lose one of them
// (measured here: four concurrent updates of one document lost at least one in 30 rounds of
// 30). MongoDB applies each single-document write atomically, and Pinhive's code relies on
// that (an outbox relay and a request may update the same user at once). Holding one lock from
// a write command until its reply makes the native stack as safe as MongoDB; reads still run
// in parallel.

import (
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"sync"
)

const (
	opMsg       = 2013
	moreToCome  = 1 << 1
	headerBytes = 16
	maxMessage  = 48 * 1024 * 1024 // MongoDB's maxMessageSizeBytes
)

var writeCommands = map[string]bool{"insert": true, "update": true, "delete": true, "findAndModify": true, "findandmodify": true}

// serveFront accepts clients on ln and connects each to FerretDB's Unix socket.
func serveFront(ln net.Listener, backend string, logger *slog.Logger) {
	var writes sync.Mutex
	for {
		client, err := ln.Accept()
		if err != nil {
			if !errors.Is(err, net.ErrClosed) {
				logger.Error("accept failed", "err", err)
			}
			return
		}
		go relay(client, backend, &writes, logger)
	}
}

// relay copies messages both ways. A write command takes the lock before it is forwarded and
// releases it when the reply with its request id has been passed back.
func relay(client net.Conn, backend string, writes *sync.Mutex, logger *slog.Logger) {
	defer client.Close()
	server, err := net.Dial("unix", backend)
	if err != nil {
		logger.Error("cannot reach ferretdb", "err", err)
		return
	}
	defer server.Close()

	waiting := make(chan int32, 1) // request id of the write whose reply holds the lock

	done := make(chan struct{})
	go func() { // server -> client
		defer close(done)
		for {
			msg, err := readMessage(server)
			if err != nil {
				return
			}
			if _, err = client.Write(msg); err != nil {
				return
			}
			select {
			case id := <-waiting:
				if responseTo(msg) == id {
					writes.Unlock()
				} else {
					waiting <- id // not the reply we wait for; keep waiting
				}
			default:
			}
		}
	}()

	defer func() {
		server.Close()
		<-done
		select { // the connection died while a write held the lock
		case <-waiting:
			writes.Unlock()
		default:
		}
	}()
	for { // client -> server
		msg, err := readMessage(client)
		if err != nil {
			return
		}
		locked := isAcknowledgedWrite(msg)
		if locked {
			writes.Lock()
			waiting <- requestID(msg)
		}
		if _, err = server.Write(msg); err != nil {
			return
		}
	}
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

// isAcknowledgedWrite: an OP_MSG whose body section names a write command and expects a reply.
func isAcknowledgedWrite(msg []byte) bool {
	if len(msg) < headerBytes+4+1+4+2 || binary.LittleEndian.Uint32(msg[12:16]) != opMsg {
		return false
	}
	flags := binary.LittleEndian.Uint32(msg[16:20])
	if flags&moreToCome != 0 {
		return false // unacknowledged: no reply would release the lock
	}
	// Sections follow the flags; the body (kind 0) is a BSON document whose first element
	// names the command: int32 length, then type byte, then the name as a C string.
	for i := 20; i < len(msg); {
		kind := msg[i]
		i++
		if i+4 > len(msg) {
			return false
		}
		size := int(int32(binary.LittleEndian.Uint32(msg[i : i+4])))
		if kind == 0 {
			nameStart := i + 5
			end := nameStart
			for end < len(msg) && msg[end] != 0 {
				end++
			}
			return end < len(msg) && writeCommands[string(msg[nameStart:end])]
		}
		if size <= 0 {
			return false
		}
		i += size // kind 1: a document sequence, skipped
	}
	return false
}
