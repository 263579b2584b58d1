// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// A genesis ERC20 on L1. Its metadata lives in its own storage, set by the constructor or, where its
/// code is placed at a fixed address without running a constructor (anvil_setCode), by initialize.
contract DevnetERC20 is ERC20 {
    string private tokenName;
    string private tokenSymbol;
    uint8 private tokenDecimals;
    address public minter;
    bool private initialized;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address minter_) ERC20("", "") {
        initialize(name_, symbol_, decimals_, minter_);
    }

    function initialize(string memory name_, string memory symbol_, uint8 decimals_, address minter_) public {
        require(!initialized, "ALREADY_INITIALIZED");
        initialized = true;
        tokenName = name_;
        tokenSymbol = symbol_;
        tokenDecimals = decimals_;
        minter = minter_;
    }

    function name() public view override returns (string memory) {
        return tokenName;
    }

    function symbol() public view override returns (string memory) {
        return tokenSymbol;
    }

    function decimals() public view override returns (uint8) {
        return tokenDecimals;
    }

    /// Funds an account (the devnet's faucet).
    function mint(address to, uint256 amount) external {
        require(msg.sender == minter, "ONLY_MINTER");
        _mint(to, amount);
    }
}
