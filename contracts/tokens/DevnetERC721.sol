// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// A genesis ERC721 on L1, initializable like DevnetERC20 (its code may be placed without a constructor).
contract DevnetERC721 is ERC721 {
    string private tokenName;
    string private tokenSymbol;
    string private baseUri;
    address public minter;
    bool private initialized;

    constructor(string memory name_, string memory symbol_, string memory baseUri_, address minter_) ERC721("", "") {
        initialize(name_, symbol_, baseUri_, minter_);
    }

    function initialize(string memory name_, string memory symbol_, string memory baseUri_, address minter_) public {
        require(!initialized, "ALREADY_INITIALIZED");
        initialized = true;
        tokenName = name_;
        tokenSymbol = symbol_;
        baseUri = baseUri_;
        minter = minter_;
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

    function mint(address to, uint256 tokenId) external {
        require(msg.sender == minter, "ONLY_MINTER");
        _mint(to, tokenId);
    }
}
