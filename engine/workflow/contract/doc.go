// Package contract is what the workflow engine's durable processes
// (temporal/) exchange with their activities (activities/) and the engine
// (engine/workflow): inputs, results, signals, states and Temporal ids. It is
// plain data with no I/O, so deterministic workflow code links it without
// linking the database. Its JSON is recorded in Temporal histories: a field
// keeps its name and encoding as long as running histories may hold it.
//
// It imports no Portico package and no database driver (TestEngineImportsNoEdge), so
// temporal/ may link it.
package contract
