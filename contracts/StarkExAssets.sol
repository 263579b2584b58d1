// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// StarkEx asset info, asset type and asset id: the formulas of src/crypto/asset.ts (and of
/// StarkWare's TokenAssetData), computed on-chain so both layers agree on every id.
library StarkExAssets {
    bytes4 internal constant ETH = bytes4(keccak256("ETH()"));
    bytes4 internal constant ERC20 = bytes4(keccak256("ERC20Token(address)"));
    bytes4 internal constant ERC721 = bytes4(keccak256("ERC721Token(address,uint256)"));
    bytes4 internal constant MINTABLE_ERC20 = bytes4(keccak256("MintableERC20Token(address)"));
    bytes4 internal constant MINTABLE_ERC721 = bytes4(keccak256("MintableERC721Token(address,uint256)"));

    uint256 internal constant MASK_250 = (1 << 250) - 1;
    uint256 internal constant MASK_240 = (1 << 240) - 1;
    // Bit 250 marks a mintable asset id (the emulator follows starkware-crypto-utils: no bits 249/248).
    uint256 internal constant MINTABLE_ID_FLAG = 1 << 250;
    uint256 internal constant QUANTUM_BOUND = 1 << 128;

    /// assetType = keccak256(assetInfo ‖ uint256(quantum)) & (2^250 - 1).
    function assetType(bytes memory assetInfo, uint256 quantum) internal pure returns (uint256) {
        return uint256(keccak256(abi.encodePacked(assetInfo, quantum))) & MASK_250;
    }

    /// ERC721 asset id: keccak256("NFT:" ‖ uint256(assetType) ‖ uint256(tokenId)) & (2^250 - 1).
    function nftAssetId(uint256 type_, uint256 tokenId) internal pure returns (uint256) {
        return uint256(keccak256(abi.encodePacked("NFT:", type_, tokenId))) & MASK_250;
    }

    /// Mintable asset id: (keccak256("MINTABLE:" ‖ uint256(assetType) ‖ keccak256(blob)) & (2^240 - 1)) | 2^250.
    function mintableAssetId(uint256 type_, bytes memory mintingBlob) internal pure returns (uint256) {
        bytes32 blobHash = keccak256(mintingBlob);
        return (uint256(keccak256(abi.encodePacked("MINTABLE:", type_, blobHash))) & MASK_240) | MINTABLE_ID_FLAG;
    }

    /// The 4-byte selector an asset info starts with.
    function selectorOf(bytes memory assetInfo) internal pure returns (bytes4 selector) {
        require(assetInfo.length >= 4, "INVALID_ASSET_INFO");
        assembly {
            selector := mload(add(assetInfo, 32))
        }
    }

    /// The token address of a 36-byte asset info (selector ‖ uint256(address)).
    function tokenOf(bytes memory assetInfo) internal pure returns (address) {
        require(assetInfo.length == 36, "INVALID_ASSET_INFO");
        uint256 word;
        assembly {
            word := mload(add(assetInfo, 36))
        }
        require(word >> 160 == 0, "INVALID_ASSET_INFO");
        return address(uint160(word));
    }

    function isKnownSelector(bytes4 s) internal pure returns (bool) {
        return s == ETH || s == ERC20 || s == ERC721 || s == MINTABLE_ERC20 || s == MINTABLE_ERC721;
    }

    function isFungible(bytes4 s) internal pure returns (bool) {
        return s == ETH || s == ERC20 || s == MINTABLE_ERC20;
    }

    function isMintable(bytes4 s) internal pure returns (bool) {
        return s == MINTABLE_ERC20 || s == MINTABLE_ERC721;
    }

    function isNft(bytes4 s) internal pure returns (bool) {
        return s == ERC721 || s == MINTABLE_ERC721;
    }
}
