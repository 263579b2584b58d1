// The part of StarkWare's crypto utils (the library the JS SDKs derive Stark keys with) the tests call.
declare module '@starkware-industries/starkware-crypto-utils' {
  export const keyDerivation: {
    /** The Stark private key (hex, no 0x) from an Ethereum signature's r. */
    getPrivateKeyFromEthSignature(signature: string): string;
    /** The Stark key (hex, no 0x) of a private key. */
    privateToStarkKey(privateKey: string): string;
  };
}
