// Package world draws the world a player sees: the ground in its light
// and fog (ground.go, light.go, lamps.go, fog.go), the portals, enemies,
// ships and deaths from their sprite sheets (world.go, actors.go,
// actor_draw.go, deaths.go, sensed.go), the bullets and telegraphs from
// one atlas (atlas.go, bullets.go), the air's motion (ambient.go), the
// menus' backdrop fight (backdrop.go) and the labels over the world,
// placed so none covers another (labels.go).
//
// Data flows one way, in: a scene makes a View of the frame (its camera,
// the grid and fog, the actors, the bullets as columns) and hands it to
// Look's drawers, which read it and nothing of the scene; the play scene
// makes it from the client's runtime, the death screen from a frame of
// its replay, so both are drawn by the same code. What a drawer keeps
// between frames (the enemies' memory, deaths breaking apart, the light
// map's buffers) is its own; the draw loop allocates nothing once warm
// (docs/ARCHITECTURE.md, "Packages"; docs/ART.md).
//
// Bullets are the hot path: AppendBulletVertices writes every bullet into
// reused vertex and index slices, and the batch is drawn with one
// DrawTriangles call per atlas (split only past the 16-bit index limit).
//
// Fog of war is a drawing rule over the client's fog memory (client.Fog):
// tiles in sight are lit, explored ones dim, unknown ones black, and
// actors and bullets out of sight are not drawn.
package world
