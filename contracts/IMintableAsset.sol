// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// What a token minted on withdrawal implements (StarkEx's IMintableAsset): the exchange calls it
/// from withdrawAndMint with the L2 minting blob.
interface IMintableAsset {
    function mintFor(address to, uint256 quantizedAmount, bytes calldata mintingBlob) external;
}
