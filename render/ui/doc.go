// Package ui is the kit the menus and the HUD are made of: this frame's
// input (input.go: keyboard, mouse and gamepad read once a frame, and
// intent.go: that input as the client.Intent the play scene sends) and the
// key bindings by action (keys.go, keynames.go), the widgets (buttons,
// text fields, forms), text drawn from a cache of rendered lines, shapes
// batched into one draw, the UI scale and the boxes each frame lays out
// (uiscale.go: what the layout tests hold apart), and the placement of
// words that come and go (placement.go).
//
// Data flows down into it and never back: a scene hands a widget this
// frame's input and its own rectangle, and draws it with the shared
// Graphics; nothing here knows a scene, the world or the session
// (docs/ARCHITECTURE.md, "Packages").
package ui
