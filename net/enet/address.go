package enet

/*
#include <stdlib.h>
#include <enet/enet.h>
*/
import "C"

import (
	"encoding/binary"
	"fmt"
	"net/netip"
	"strconv"
	"unsafe"
)

// Address is an IPv4 address and UDP port, the only kind ENet 1.3 speaks.
// The zero Address is 0.0.0.0:0.
type Address struct {
	ip   [4]byte
	port uint16
}

// NewAddress resolves host (a dotted IPv4 address or a host name) and pairs
// it with port. An empty host means "any interface". Resolving a host name
// may block on DNS; a literal address never does.
func NewAddress(host string, port uint16) (Address, error) {
	if host == "" {
		return NewListenAddress(port), nil
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		if !ip.Is4() && !ip.Is4In6() {
			return Address{}, fmt.Errorf("%w: %q is not IPv4", ErrAddress, host)
		}
		return Address{ip: ip.Unmap().As4(), port: port}, nil
	}
	if err := Initialize(); err != nil {
		return Address{}, err
	}
	chost := C.CString(host)
	defer C.free(unsafe.Pointer(chost))
	var ca C.ENetAddress
	if C.enet_address_set_host(&ca, chost) != 0 {
		return Address{}, fmt.Errorf("%w: %q", ErrAddress, host)
	}
	a := fromC(ca)
	a.port = port
	return a, nil
}

// NewListenAddress is the "any interface" address on port; port 0 lets the
// system pick a free one.
func NewListenAddress(port uint16) Address {
	return Address{port: port}
}

// IP returns the address as four bytes in network order.
func (a Address) IP() [4]byte { return a.ip }

// Port returns the UDP port.
func (a Address) Port() uint16 { return a.port }

// String formats the address as "a.b.c.d:port".
func (a Address) String() string {
	return netip.AddrFrom4(a.ip).String() + ":" + strconv.Itoa(int(a.port))
}

// toC converts to ENet's form: host in network byte order, port in host order.
func (a Address) toC() C.ENetAddress {
	var ca C.ENetAddress
	ca.host = C.enet_uint32(binary.NativeEndian.Uint32(a.ip[:]))
	ca.port = C.enet_uint16(a.port)
	return ca
}

func fromC(ca C.ENetAddress) Address {
	var a Address
	binary.NativeEndian.PutUint32(a.ip[:], uint32(ca.host))
	a.port = uint16(ca.port)
	return a
}
