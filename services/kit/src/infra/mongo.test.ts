import { mongoDatabaseOf } from './mongo';

it('names the database a mongo URL names, before any connection opens', () => {
  expect(mongoDatabaseOf('mongodb://127.0.0.1:27017/pinhive_pins_boards')).toBe('pinhive_pins_boards');
  expect(mongoDatabaseOf('mongodb://user:pw@h1:1,h2:2/hf_123?replicaSet=rs')).toBe('hf_123');
  expect(mongoDatabaseOf('mongodb+srv://cluster.example/app%5Fdb')).toBe('app_db');
  // The driver's default when the URL names none.
  expect(mongoDatabaseOf('mongodb://127.0.0.1:27017')).toBe('test');
  expect(mongoDatabaseOf('mongodb://127.0.0.1:27017/?directConnection=true')).toBe('test');
});
