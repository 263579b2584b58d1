// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {IMintableAsset} from "../IMintableAsset.sol";

/// An L2-mintable ERC721 (Reddio's ERC721M, or ERC721MC with a URL per token): tokens come into being
/// on L1 when the exchange calls mintFor from withdrawAndMint, with the SDK's minting blob:
/// ERC721M: the token id as minimal big-endian bytes; ERC721MC: abi.encode(uint256 tokenId, bytes url).
contract DevnetMintableERC721 is ERC721, IMintableAsset {
    event TokenMintedFor(address to, uint256 tokenId);

    string private tokenName;
    string private tokenSymbol;
    string private baseUri;
    address public starkEx;
    bool public customUri;
    bool private initialized;
    mapping(uint256 => string) private tokenUrls;

    constructor(string memory name_, string memory symbol_, string memory baseUri_, address starkEx_, bool customUri_)
        ERC721("", "")
    {
        initialize(name_, symbol_, baseUri_, starkEx_, customUri_);
    }

    function initialize(
        string memory name_,
        string memory symbol_,
        string memory baseUri_,
        address starkEx_,
        bool customUri_
    ) public {
        require(!initialized, "ALREADY_INITIALIZED");
        initialized = true;
        tokenName = name_;
        tokenSymbol = symbol_;
        baseUri = baseUri_;
        starkEx = starkEx_;
        customUri = customUri_;
    }

    function name() public view override returns (string memory) {
        return tokenName;
    }

    function symbol() public view override returns (string memory) {
        return tokenSymbol;
    }

    function _baseURI() internal view override returns (string memory) {
        return baseUri;
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        if (!customUri) return super.tokenURI(tokenId);
        _requireOwned(tokenId);
        return tokenUrls[tokenId];
    }

    /// The token id (and, for ERC721MC, URL) a minting blob names.
    function parseBlob(bytes memory mintingBlob) public view returns (uint256 tokenId, string memory url) {
        if (customUri) {
            bytes memory urlBytes;
            (tokenId, urlBytes) = abi.decode(mintingBlob, (uint256, bytes));
            require(urlBytes.length > 0, "INVALID_MINTING_BLOB");
            return (tokenId, string(urlBytes));
        }
        require(mintingBlob.length > 0 && mintingBlob.length <= 32, "INVALID_MINTING_BLOB");
        for (uint256 i = 0; i < mintingBlob.length; i++) {
            tokenId = (tokenId << 8) | uint8(mintingBlob[i]);
        }
        return (tokenId, "");
    }

    /// Called by the exchange only. Mints the token the first time; a token the exchange holds (it was
    /// deposited back through its ERC721 asset type) is handed over instead.
    function mintFor(address to, uint256 quantizedAmount, bytes calldata mintingBlob) external {
        require(msg.sender == starkEx, "ONLY_STARKEX");
        require(quantizedAmount == 1, "INVALID_AMOUNT");
        (uint256 tokenId, string memory url) = parseBlob(mintingBlob);
        address holder = _ownerOf(tokenId);
        if (holder == address(0)) {
            _mint(to, tokenId);
            if (customUri) tokenUrls[tokenId] = url;
            emit TokenMintedFor(to, tokenId);
        } else {
            require(holder == msg.sender, "TOKEN_EXISTS");
            _transfer(msg.sender, to, tokenId);
        }
    }
}
