// Package notify is how the engine tells users' browsers that something
// changed: realtime events of the spec (key "<entity>.<action>", data with a
// uuid), each addressed to the users who may see it. The engine publishes
// after its transaction commits; the realtime package carries events across
// processes to the WebSocket clients.
//
// It imports no Portico package; every engine package that writes may import it.
package notify
