package main

// At most maxWrites write commands inside FerretDB at once.
//
// FerretDB 1.24 applies an update (and findAndModify) by keeping its query's PostgreSQL
// connection open while it takes a second connection to write. With as many concurrent writes as
// the pool has connections, each holds one and waits for another: nothing answers again, not even
// a ping, until FerretDB restarts (found by the save benchmark: 12 writers on a 12-connection pool,
// 105 commands queued behind them). Below half the pool every write in flight can get its second
// connection, with reads taking the rest (they hold one connection each and finish on their own).

const (
	// poolMaxConns is the pgx pool FerretDB is given (infra/native/postgres.mjs sets the same).
	poolMaxConns = 20
	// maxWrites is how many write commands may be inside FerretDB at once: under half the pool.
	maxWrites = poolMaxConns/2 - 2
)

// withWriteSlots wraps a write lock: a command takes its document or collection lock first (so a
// write waiting on a busy document holds no slot), then one of n slots, until its reply.
func withWriteSlots(lock func(*command) func(), n int) func(*command) func() {
	slots := make(chan struct{}, n)
	return func(cmd *command) func() {
		unlock := lock(cmd)
		slots <- struct{}{}
		return func() {
			<-slots
			unlock()
		}
	}
}
