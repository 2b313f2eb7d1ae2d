package client

import "duskfall/game"

// Content is the content this client plays, as its Config gave it: the
// same folder as its server's (the handshake refuses another), so item,
// upgrade, class and enemy names read as the server means them.
func (r *Runtime) Content() *game.Content { return r.cfg.Content }

// errNoContent refuses a Config without content: a client cannot predict
// its ship or name what it sees without the server's content.
const errNoContent = "client: Config.Content is nil: a client plays the content of its server"
