import { describe, expect, it } from "vitest";
import { isInternalAddress, isLoopbackAddress, loopbackOnlyLookup, publicOnlyLookup } from "./webhook-address.server";

describe("webhook addresses", () => {
  it("refuses private, link-local, shared, multicast and unspecified addresses, in IPv4 and IPv6", () => {
    for (const address of [
      "10.0.0.1",
      "172.16.5.4",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "fd00::1",
      "[fe80::1]",
      "::ffff:10.0.0.1",
      "::FFFF:169.254.169.254",
      "[::ffff:a00:1]",
      "::10.0.0.1",
      "64:ff9b::a00:1",
      "64:ff9b::192.168.0.1",
      "64:ff9b:1::1",
      "2002:a00:1::",
      "2001:0:1234::1",
      "fec0::1",
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
  });

  it("lets public addresses and host names through (loopback is told apart below)", () => {
    for (const address of [
      "8.8.8.8",
      "172.32.0.1",
      "203.0.113.9",
      "127.0.0.1",
      "::1",
      "[::1]",
      "2606:4700::1111",
      "64:ff9b::808:808",
      "2002:808:808::1",
      "::ffff:127.0.0.1",
    ]) {
      expect(isInternalAddress(address), address).toBe(false);
    }
    expect(isInternalAddress("crm.example.com")).toBe(false);
  });

  it("knows this machine's loopback, also written as IPv6", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "[::1]", "::ffff:127.0.0.1"]) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ["10.0.0.1", "203.0.113.9", "::", "localhost"])
      expect(isLoopbackAddress(address), address).toBe(false);
  });

  it("resolves a name as the connection asks (one address or all), and refuses an internal answer", async () => {
    const one = await new Promise<[unknown, unknown, unknown]>((resolve) =>
      loopbackOnlyLookup("localhost", { family: 4 }, (error, address, family) => resolve([error, address, family])),
    );
    expect(one).toEqual([null, "127.0.0.1", 4]);
    const all = await new Promise<[unknown, unknown]>((resolve) =>
      loopbackOnlyLookup("localhost", { all: true, family: 4 }, (error, addresses) => resolve([error, addresses])),
    );
    expect(all).toEqual([null, [{ address: "127.0.0.1", family: 4 }]]);
    // Over https, a name that resolves to this machine is refused like an internal one.
    const local = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup("localhost", { all: true, family: 4 }, (error) => resolve(error)),
    );
    expect(local?.code).toBe("EINTERNAL");
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup("0.0.0.0", { all: true }, (error) => resolve(error)),
    );
    expect(refused?.code).toBe("EINTERNAL");
    expect(refused?.message).toContain("0.0.0.0 resolves to a private or internal network address");
  });
});
