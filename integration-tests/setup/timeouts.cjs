// Booting a Medusa app and migrating its database takes a minute on a 2-core machine.
jest.setTimeout(240_000)
