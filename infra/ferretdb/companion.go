package main

// Companion GIN indexes (postgresql handler only).
//
// FerretDB 1.24 pushes a top-level equality filter down as `_jsonb -> 'f' @> '<value>'`, but the
// indexes it creates for createIndexes are btree on `((_jsonb -> 'f'))`, which cannot serve
// `@>`: every lookup, `_id` included, would scan the whole table. A GIN jsonb_path_ops index on
// the same expression does serve it. So for each collection we keep one such "companion" for
// `_id` and one for every FerretDB index whose key fields are all top-level (FerretDB does not
// push dotted keys down). A compound key gets one multicolumn GIN index, which serves any
// subset of its fields. FerretDB never sees the companions: it keeps its own index list in
// `<schema>._ferretdb_database_metadata`, which is where we read what to mirror.
//
// Companions are named pinhive_gin_<label>_<hash of table and fields>: FerretDB's own index
// names end in `_idx`, ours never do, so they cannot clash; a changed definition is a new name.
// Dropping a collection or database drops its companions with the table (CASCADE).
//
// FerretDB's own non-unique btree indexes serve no query it sends, so each is replaced by an
// empty stand-in of the same name (standIns, below): PostgreSQL no longer updates them on every
// write. Its unique indexes stay.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	companionPrefix = "pinhive_gin_"
	metadataTable   = "_ferretdb_database_metadata" // FerretDB's per-schema catalog
	maxIdentifier   = 63                            // PostgreSQL's NAMEDATALEN - 1
)

type companions struct {
	pool   *pgxpool.Pool
	logger *slog.Logger
	ctx    context.Context // the program's; background syncs stop with it
	// One sync at a time: two `CREATE INDEX IF NOT EXISTS` of one name at once can still fail
	// on pg_class's unique name, and syncs are rare and short.
	mu sync.Mutex
	// "db\x00collection" -> true once synced, false while a background sync runs. Absent means
	// the next write to it triggers a sync (never synced, failed, or the collection was dropped).
	seen sync.Map
}

func newCompanions(ctx context.Context, url string, logger *slog.Logger) (*companions, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("bad -postgresql-url: %w", err)
	}
	cfg.MaxConns = 2
	cfg.ConnConfig.RuntimeParams["application_name"] = "pinhive-ferretdb-companions"
	// quoteLiteral doubles quotes only; that is exact only with standard strings (FerretDB
	// refuses to start without them too).
	cfg.ConnConfig.RuntimeParams["standard_conforming_strings"] = "on"
	pool, err := pgxpool.NewWithConfig(ctx, cfg) // connects lazily
	if err != nil {
		return nil, err
	}
	return &companions{pool: pool, logger: logger, ctx: ctx}, nil
}

func (c *companions) close() { c.pool.Close() }

// syncAll brings every collection of every FerretDB database in line (at start, for existing
// data). Until PostgreSQL answers it retries every few seconds: a collection that is only read
// would otherwise never get its companions. A failure on one collection is logged; that
// collection's next write or index command retries it.
func (c *companions) syncAll() {
	var dbs []string
	for {
		var err error
		if dbs, err = c.databases(c.ctx); err == nil {
			break
		}
		c.logger.Error("companion indexes: cannot list databases, retrying in 5 s", "err", err)
		select {
		case <-c.ctx.Done():
			return
		case <-time.After(5 * time.Second):
		}
	}
	for _, db := range dbs {
		colls, err := c.collections(c.ctx, db)
		if err != nil {
			c.logger.Error("companion indexes: cannot list collections", "db", db, "err", err)
			continue
		}
		for _, coll := range colls {
			c.syncNow(db, coll)
		}
	}
}

// syncNow syncs one collection and waits for it (used before passing on an index command's
// reply). It stops with the program.
func (c *companions) syncNow(db, coll string) {
	// Bookkeeping under the same lock as the sync, so a drop's sync can never be overtaken by
	// the "synced" mark of an earlier one.
	c.mu.Lock()
	defer c.mu.Unlock()
	key := db + "\x00" + coll
	exists, err := c.sync(c.ctx, db, coll)
	switch {
	case err != nil:
		c.logger.Error("companion indexes: sync failed", "db", db, "collection", coll, "err", err)
		c.seen.Delete(key)
	case exists:
		c.seen.Store(key, true)
	default:
		c.seen.Delete(key) // dropped or not created yet: its next write syncs again
	}
}

// syncOnce starts a background sync the first time a collection is written to, so a collection
// created implicitly by an insert gets its _id companion.
func (c *companions) syncOnce(db, coll string) {
	if _, known := c.seen.LoadOrStore(db+"\x00"+coll, false); known {
		return
	}
	go c.syncNow(db, coll)
}

// forgetDatabase: after dropDatabase, every collection of db needs a sync on its next write.
func (c *companions) forgetDatabase(db string) {
	c.seen.Range(func(k, _ any) bool {
		if strings.HasPrefix(k.(string), db+"\x00") {
			c.seen.Delete(k)
		}
		return true
	})
}

// sync creates the missing companions of db.coll and drops those whose FerretDB index is gone.
// exists is false when FerretDB has no such collection (nothing to do). Callers hold c.mu.
func (c *companions) sync(ctx context.Context, db, coll string) (exists bool, err error) {
	meta := pgx.Identifier{db, metadataTable}.Sanitize()
	var found bool
	if err = c.pool.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, meta).Scan(&found); err != nil || !found {
		return false, err
	}
	var table string
	var indexes []byte
	err = c.pool.QueryRow(ctx,
		`SELECT _jsonb->>'table', COALESCE(_jsonb->'indexes', '[]') FROM `+meta+` WHERE _jsonb->>'_id' = $1`,
		coll).Scan(&table, &indexes)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	want, err := wantedCompanions(table, indexes)
	if err != nil {
		return true, err
	}

	rows, err := c.pool.Query(ctx,
		`SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2 AND starts_with(indexname, $3)`,
		db, table, companionPrefix)
	if err != nil {
		return true, err
	}
	have, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return true, err
	}

	for name, fields := range want {
		if slices.Contains(have, name) {
			continue
		}
		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %s ON %s %s`,
			pgx.Identifier{name}.Sanitize(), pgx.Identifier{db, table}.Sanitize(), companionDefinition(fields))
		if _, err = c.pool.Exec(ctx, q); err != nil {
			return true, fmt.Errorf("create %s: %w", name, err)
		}
		c.logger.Info("companion index created", "db", db, "collection", coll, "index", name, "fields", fields)
	}
	for _, name := range have {
		if _, ok := want[name]; ok {
			continue
		}
		if _, err = c.pool.Exec(ctx, `DROP INDEX IF EXISTS `+pgx.Identifier{db, name}.Sanitize()); err != nil {
			return true, fmt.Errorf("drop %s: %w", name, err)
		}
		c.logger.Info("companion index dropped", "db", db, "collection", coll, "index", name)
	}
	// After the companions: lookups need those; the stand-ins only save work.
	return true, c.standIns(ctx, db, table, coll, indexes)
}

// standInSuffix ends the definition of a stand-in, as pg_indexes shows it.
const standInSuffix = " WHERE false"

// standIns replaces each non-unique btree index FerretDB made for db.coll with a stand-in of the
// same name that holds nothing (`USING btree ((true)) WHERE false`).
//
// FerretDB pushes an equality down as `@>`, which only the companions serve, and pushes no sort
// down, so no query it sends can use its own non-unique indexes; yet PostgreSQL adds an entry
// to each on every insert and every update (an update writes a new row version, and every
// index is on an expression of the one `_jsonb` column, so none is a HOT update). Measured on
// the save path (pins carry 8 indexes, boards 4, feed entries 5): an update of a pin or a board
// costs PostgreSQL about a third less without them (docs/decisions). The stand-in keeps the
// name, so FerretDB's catalogue, listIndexes and its own `DROP INDEX` work as before. Unique
// indexes stay: they enforce uniqueness.
func (c *companions) standIns(ctx context.Context, db, table, coll string, indexesJSON []byte) error {
	var indexes []struct {
		PgIndex string `json:"pgindex"`
		Unique  bool   `json:"unique"`
	}
	if err := json.Unmarshal(indexesJSON, &indexes); err != nil {
		return fmt.Errorf("FerretDB metadata of %s: %w", table, err)
	}
	var names []string
	for _, ix := range indexes {
		if !ix.Unique && ix.PgIndex != "" {
			names = append(names, ix.PgIndex)
		}
	}
	if len(names) == 0 {
		return nil
	}
	rows, err := c.pool.Query(ctx, `SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2
		AND indexname = ANY($3) AND indexdef NOT LIKE '%' || $4`, db, table, names, standInSuffix)
	if err != nil {
		return err
	}
	todo, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, name := range todo {
		// One transaction: no moment without the name, which FerretDB's DROP INDEX needs.
		err = pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `DROP INDEX `+pgx.Identifier{db, name}.Sanitize()); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, fmt.Sprintf(`CREATE INDEX %s ON %s USING btree ((true))`+standInSuffix,
				pgx.Identifier{name}.Sanitize(), pgx.Identifier{db, table}.Sanitize()))
			return err
		})
		if err != nil {
			return fmt.Errorf("stand-in for %s: %w", name, err)
		}
		c.logger.Info("FerretDB's non-unique index replaced by an empty stand-in", "db", db, "collection", coll, "index", name)
	}
	return nil
}

// wantedCompanions maps companion name -> fields (sorted: GIN column order does not matter, so
// {a:1,b:1} and {b:-1,a:1} share one) for a collection's FerretDB index list.
func wantedCompanions(table string, indexesJSON []byte) (map[string][]string, error) {
	var indexes []struct {
		Key map[string]json.RawMessage `json:"key"` // field -> 1 | -1
	}
	if err := json.Unmarshal(indexesJSON, &indexes); err != nil {
		return nil, fmt.Errorf("FerretDB metadata of %s: %w", table, err)
	}
	want := map[string][]string{companionName(table, []string{"_id"}): {"_id"}} // always pushed down
	for _, ix := range indexes {
		fields := make([]string, 0, len(ix.Key))
		for f := range ix.Key {
			fields = append(fields, f)
		}
		// Dotted keys are not pushed down (nested pushdown is off); `$` keys are not fields.
		if len(fields) == 0 || slices.ContainsFunc(fields, func(f string) bool {
			return f == "" || strings.Contains(f, ".") || strings.HasPrefix(f, "$")
		}) {
			continue
		}
		slices.Sort(fields)
		want[companionName(table, fields)] = fields
	}
	return want, nil
}

// companionDefinition is the index method, columns and options of a companion.
//
// fastupdate = off: by default GIN parks new entries in a "pending list" that every search
// scans linearly until a vacuum flushes it (up to gin_pending_list_limit, 4 MB). Measured at
// 100,000 rows: 6 ms per lookup with it, 0.04 ms without; an insert costs ~17 instead of ~10 us
// in PostgreSQL, nothing next to FerretDB's ~1 ms per write.
//
// A single field other than `_id` is indexed only where the document has it (`WHERE (_jsonb ->
// 'f') IS NOT NULL`): many fields are absent from most documents (a move's batch, a section, a
// pending mark, an outbox flag once published), and PostgreSQL still adds a null entry for each
// of those to a full index on every insert and update. The pushed-down `@>` is strict, so
// PostgreSQL knows it implies the predicate and uses the partial index. Measured: inserting
// 30,000 rows of ~1.5 KB into a table of 8 such indexes, 4 of them on absent fields, took a third
// less time. A compound key keeps a full index: a query on some of its fields does not imply the
// others are there.
func companionDefinition(fields []string) string {
	cols := make([]string, len(fields))
	for i, f := range fields {
		cols[i] = "(_jsonb -> " + quoteLiteral(f) + ") jsonb_path_ops"
	}
	def := "USING gin (" + strings.Join(cols, ", ") + ") WITH (fastupdate = off)"
	if len(fields) == 1 && fields[0] != "_id" {
		def += " WHERE (_jsonb -> " + quoteLiteral(fields[0]) + ") IS NOT NULL"
	}
	return def
}

var nonIdent = regexp.MustCompile(`[^a-z0-9_]+`)

// companionName: prefix + readable label + 12 hex digits of a hash of the table and the whole
// definition, at most 63 bytes. The table name (unique in its schema) makes it unique in the
// schema; hashing the definition means a program with a changed definition drops the old
// companions and builds new ones.
func companionName(table string, fields []string) string {
	h := sha256.Sum256([]byte(table + "\x00" + companionDefinition(fields)))
	suffix := "_" + hex.EncodeToString(h[:6])
	label := nonIdent.ReplaceAllString(strings.ToLower(table+"_"+strings.Join(fields, "_")), "_")
	if n := maxIdentifier - len(companionPrefix) - len(suffix); len(label) > n {
		label = label[:n]
	}
	return companionPrefix + label + suffix
}

// quoteLiteral quotes a field name (client data) as an SQL string literal; exact because the
// pool forces standard_conforming_strings=on.
func quoteLiteral(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// databases lists the schemas FerretDB uses as databases: those holding its metadata table.
func (c *companions) databases(ctx context.Context) ([]string, error) {
	rows, err := c.pool.Query(ctx, `SELECT n.nspname FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
		WHERE t.relname = $1 AND t.relkind = 'r' ORDER BY 1`, metadataTable)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

func (c *companions) collections(ctx context.Context, db string) ([]string, error) {
	rows, err := c.pool.Query(ctx, `SELECT _jsonb->>'_id' FROM `+pgx.Identifier{db, metadataTable}.Sanitize()+` ORDER BY 1`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
