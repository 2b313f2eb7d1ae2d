package main

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"duskfall/net/enet"
	"duskfall/net/wire"
)

// Opens N connections that never say Hello, from 127.0.0.1, for D seconds.
func main() {
	port, _ := strconv.Atoi(os.Args[1])
	n, _ := strconv.Atoi(os.Args[2])
	from, _ := enet.NewAddress("127.0.0.1", 0)
	h, err := enet.NewHost(&from, enet.HostConfig{PeerCount: n, ChannelCount: wire.NumChannels, Compress: true,
		MaximumPacketSize: 1 << 16, MaximumWaitingData: 1 << 20, DuplicatePeers: n})
	if err != nil {
		panic(err)
	}
	to, _ := enet.NewAddress("127.0.0.1", uint16(port))
	for range n {
		h.Connect(to, wire.NumChannels, wire.ProtocolVersion)
	}
	end := time.Now().Add(8 * time.Second)
	for time.Now().Before(end) {
		ev, _ := h.Service(10)
		if ev.Type == enet.EventConnect {
			fmt.Println("connected")
		}
	}
}
