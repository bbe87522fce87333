// Integration tests wait on real servers (a Kafka restart takes seconds): give them room.
jest.setTimeout(90_000);
