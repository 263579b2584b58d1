// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {IMintableAsset} from "./IMintableAsset.sol";
import {StarkExAssets} from "./StarkExAssets.sol";

/// The L1 side of the devnet: StarkEx's deposit and withdrawal interface (the functions and events of
/// the ABIs the SDKs ship), without proofs. The operator (the emulator) accepts deposits and credits
/// withdrawals in place of StarkEx's state updates; everything a user calls behaves as on StarkEx.
contract StarkExDevnet {
    using SafeERC20 for IERC20;

    // Values of StarkEx's LibConstants, answered for clients that read them.
    uint256 public constant DEPOSIT_CANCEL_DELAY = 2 days;
    uint256 public constant FREEZE_GRACE_PERIOD = 7 days;
    uint256 public constant UNFREEZE_DELAY = 365 days;
    uint256 public constant MAX_VERIFIER_COUNT = 16;
    uint256 public constant VERIFIER_REMOVAL_DELAY = FREEZE_GRACE_PERIOD + 21 days;
    uint256 public constant MAX_FORCED_ACTIONS_REQS_PER_BLOCK = 10;

    event LogOperatorAdded(address operator);
    event LogOperatorRemoved(address operator);
    event LogTokenRegistered(uint256 assetType, bytes assetInfo, uint256 quantum);

    event LogDeposit(
        address depositorEthKey,
        uint256 starkKey,
        uint256 vaultId,
        uint256 assetType,
        uint256 nonQuantizedAmount,
        uint256 quantizedAmount
    );
    event LogNftDeposit(
        address depositorEthKey,
        uint256 starkKey,
        uint256 vaultId,
        uint256 assetType,
        uint256 tokenId,
        uint256 assetId
    );
    event LogDepositWithTokenId(
        address depositorEthKey,
        uint256 starkKey,
        uint256 vaultId,
        uint256 assetType,
        uint256 tokenId,
        uint256 assetId,
        uint256 nonQuantizedAmount,
        uint256 quantizedAmount
    );
    /// A deposit's L2 record (sequenceId) reached L1 in a batch (StarkEx accepts deposits in a state update).
    event LogDepositAccepted(uint256 starkKey, uint256 vaultId, uint256 assetId, uint256 quantizedAmount, uint256 sequenceId);
    /// The operator made an L2 withdrawal (the record sequenceId) claimable on L1 (StarkEx does this in a state update).
    event LogWithdrawalCredited(uint256 ownerKey, uint256 assetId, uint256 quantizedAmount, uint256 sequenceId);

    event LogWithdrawalPerformed(
        uint256 ownerKey,
        uint256 assetType,
        uint256 nonQuantizedAmount,
        uint256 quantizedAmount,
        address recipient
    );
    event LogNftWithdrawalPerformed(
        uint256 ownerKey,
        uint256 assetType,
        uint256 tokenId,
        uint256 assetId,
        address recipient
    );
    event LogWithdrawalWithTokenIdPerformed(
        uint256 ownerKey,
        uint256 assetType,
        uint256 tokenId,
        uint256 assetId,
        uint256 nonQuantizedAmount,
        uint256 quantizedAmount,
        address recipient
    );
    event LogMintWithdrawalPerformed(
        uint256 ownerKey,
        uint256 assetType,
        uint256 nonQuantizedAmount,
        uint256 quantizedAmount,
        uint256 assetId
    );

    mapping(address => bool) public isOperator;
    mapping(uint256 => bytes) private assetInfos;
    mapping(uint256 => uint256) private quanta;
    // starkKey => assetId => vaultId => quantized amount deposited, and accepted by the operator; the
    // difference is pending. Kept apart so that accepting never changes what a deposit's SSTORE costs
    // (a wallet's gas estimate made before an acceptance still holds after it).
    mapping(uint256 => mapping(uint256 => mapping(uint256 => uint256))) private deposited;
    mapping(uint256 => mapping(uint256 => mapping(uint256 => uint256))) private accepted;
    // ownerKey => assetId => quantized amount claimable on L1.
    mapping(uint256 => mapping(uint256 => uint256)) private pendingWithdrawals;

    modifier onlyOperator() {
        require(isOperator[msg.sender], "ONLY_OPERATOR");
        _;
    }

    constructor() {
        isOperator[msg.sender] = true;
        emit LogOperatorAdded(msg.sender);
    }

    // ---- operators and assets ----

    function registerOperator(address operator) external onlyOperator {
        isOperator[operator] = true;
        emit LogOperatorAdded(operator);
    }

    function unregisterOperator(address operator) external onlyOperator {
        isOperator[operator] = false;
        emit LogOperatorRemoved(operator);
    }

    /// Registers an asset type; the given type must be the one its info and quantum hash to.
    function registerToken(uint256 assetType, bytes calldata assetInfo, uint256 quantum) public onlyOperator {
        require(assetInfos[assetType].length == 0, "ASSET_ALREADY_REGISTERED");
        require(quantum > 0 && quantum < StarkExAssets.QUANTUM_BOUND, "INVALID_QUANTUM");
        bytes4 selector = StarkExAssets.selectorOf(assetInfo);
        require(StarkExAssets.isKnownSelector(selector), "UNSUPPORTED_TOKEN_TYPE");
        if (selector == StarkExAssets.ETH) {
            require(assetInfo.length == 4, "INVALID_ASSET_INFO");
        } else {
            require(StarkExAssets.tokenOf(assetInfo).code.length > 0, "BAD_TOKEN_ADDRESS");
        }
        if (StarkExAssets.isNft(selector)) require(quantum == 1, "INVALID_NFT_QUANTUM");
        require(StarkExAssets.assetType(assetInfo, quantum) == assetType, "INVALID_ASSET_TYPE");
        assetInfos[assetType] = assetInfo;
        quanta[assetType] = quantum;
        emit LogTokenRegistered(assetType, assetInfo, quantum);
    }

    function registerToken(uint256 assetType, bytes calldata assetInfo) external {
        registerToken(assetType, assetInfo, 1);
    }

    function isAssetRegistered(uint256 assetType) public view returns (bool) {
        return assetInfos[assetType].length != 0;
    }

    function getAssetInfo(uint256 assetType) public view returns (bytes memory) {
        require(isAssetRegistered(assetType), "ASSET_TYPE_NOT_REGISTERED");
        return assetInfos[assetType];
    }

    /// The quantum of a registered type; 1 for anything else (as StarkEx answers for asset ids).
    function getQuantum(uint256 presumedAssetType) public view returns (uint256) {
        return isAssetRegistered(presumedAssetType) ? quanta[presumedAssetType] : 1;
    }

    /// The asset type of an asset info and quantum, registered or not.
    function calculateAssetType(bytes calldata assetInfo, uint256 quantum) external pure returns (uint256) {
        return StarkExAssets.assetType(assetInfo, quantum);
    }

    function calculateAssetIdWithTokenId(uint256 assetType, uint256 tokenId) public view returns (uint256) {
        require(selectorOf(assetType) == StarkExAssets.ERC721, "INVALID_ASSET_TYPE");
        return StarkExAssets.nftAssetId(assetType, tokenId);
    }

    function calculateMintableAssetId(uint256 assetType, bytes calldata mintingBlob) public pure returns (uint256) {
        return StarkExAssets.mintableAssetId(assetType, mintingBlob);
    }

    function isFrozen() external pure returns (bool) {
        return false;
    }

    /// An owner key that is an Ethereum address is its own key; Stark-key registration does not
    /// exist here, so any other key has none.
    function getEthKey(uint256 ownerKey) public pure returns (address) {
        return ownerKey >> 160 == 0 ? address(uint160(ownerKey)) : address(0);
    }

    // ---- deposits ----

    function getDepositBalance(uint256 starkKey, uint256 assetId, uint256 vaultId) external view returns (uint256) {
        return pendingDeposit(starkKey, assetId, vaultId) * getQuantum(assetId);
    }

    function getQuantizedDepositBalance(uint256 starkKey, uint256 assetId, uint256 vaultId)
        external
        view
        returns (uint256)
    {
        return pendingDeposit(starkKey, assetId, vaultId);
    }

    function pendingDeposit(uint256 starkKey, uint256 assetId, uint256 vaultId) private view returns (uint256) {
        return deposited[starkKey][assetId][vaultId] - accepted[starkKey][assetId][vaultId];
    }

    /// Deposit cancellation is not offered here: a deposit L2 refuses or rolls back stays pending.
    function getCancellationRequest(uint256, uint256, uint256) external pure returns (uint256) {
        return 0;
    }

    function depositEth(uint256 starkKey, uint256 assetType, uint256 vaultId) public payable {
        require(selectorOf(assetType) == StarkExAssets.ETH, "INVALID_ASSET_TYPE");
        uint256 quantum = quanta[assetType];
        require(msg.value % quantum == 0, "INVALID_AMOUNT");
        uint256 quantizedAmount = msg.value / quantum;
        deposited[starkKey][assetType][vaultId] += quantizedAmount;
        emit LogDeposit(msg.sender, starkKey, vaultId, assetType, msg.value, quantizedAmount);
    }

    function deposit(uint256 starkKey, uint256 assetType, uint256 vaultId) external payable {
        depositEth(starkKey, assetType, vaultId);
    }

    /// Pulls quantizedAmount x quantum of an ERC20 (approved beforehand) from the caller.
    function deposit(uint256 starkKey, uint256 assetType, uint256 vaultId, uint256 quantizedAmount) public {
        bytes4 selector = selectorOf(assetType);
        require(!StarkExAssets.isMintable(selector), "MINTABLE_ASSET_TYPE");
        require(selector == StarkExAssets.ERC20, "NON_FUNGIBLE_ASSET_TYPE");
        uint256 amount = quantizedAmount * quanta[assetType];
        deposited[starkKey][assetType][vaultId] += quantizedAmount;
        IERC20(StarkExAssets.tokenOf(assetInfos[assetType])).safeTransferFrom(msg.sender, address(this), amount);
        emit LogDeposit(msg.sender, starkKey, vaultId, assetType, amount, quantizedAmount);
    }

    function depositERC20(uint256 starkKey, uint256 assetType, uint256 vaultId, uint256 quantizedAmount) external {
        deposit(starkKey, assetType, vaultId, quantizedAmount);
    }

    function depositNft(uint256 starkKey, uint256 assetType, uint256 vaultId, uint256 tokenId) external {
        require(selectorOf(assetType) == StarkExAssets.ERC721, "NOT_ERC721_TOKEN");
        depositWithTokenId(starkKey, assetType, tokenId, vaultId, 1);
    }

    /// ERC721 only (this devnet has no ERC1155): an amount of 0 or 1 of the token.
    function depositWithTokenId(
        uint256 starkKey,
        uint256 assetType,
        uint256 tokenId,
        uint256 vaultId,
        uint256 quantizedAmount
    ) public {
        uint256 assetId = calculateAssetIdWithTokenId(assetType, tokenId);
        require(pendingDeposit(starkKey, assetId, vaultId) + quantizedAmount <= 1, "ILLEGAL_ERC721_AMOUNT");
        deposited[starkKey][assetId][vaultId] += quantizedAmount;
        if (quantizedAmount == 1) {
            IERC721(StarkExAssets.tokenOf(assetInfos[assetType])).transferFrom(msg.sender, address(this), tokenId);
        }
        emit LogNftDeposit(msg.sender, starkKey, vaultId, assetType, tokenId, assetId);
        emit LogDepositWithTokenId(
            msg.sender, starkKey, vaultId, assetType, tokenId, assetId, quantizedAmount, quantizedAmount
        );
    }

    /// The deposit L2 took as record sequenceId reached L1 in a batch: quantizedAmount is no longer pending.
    function acceptDeposit(
        uint256 starkKey,
        uint256 assetId,
        uint256 vaultId,
        uint256 quantizedAmount,
        uint256 sequenceId
    ) external onlyOperator {
        require(pendingDeposit(starkKey, assetId, vaultId) >= quantizedAmount, "DEPOSIT_INSUFFICIENT");
        accepted[starkKey][assetId][vaultId] += quantizedAmount;
        emit LogDepositAccepted(starkKey, vaultId, assetId, quantizedAmount, sequenceId);
    }

    // ---- withdrawals ----

    /// An L2 withdrawal of quantizedAmount reached L1: the owner may now claim it. The event names the
    /// record, so the emulator can tell after a restart which records L1 has credited.
    function creditWithdrawal(uint256 ownerKey, uint256 assetId, uint256 quantizedAmount, uint256 sequenceId)
        external
        onlyOperator
    {
        pendingWithdrawals[ownerKey][assetId] += quantizedAmount;
        emit LogWithdrawalCredited(ownerKey, assetId, quantizedAmount, sequenceId);
    }

    function getWithdrawalBalance(uint256 ownerKey, uint256 assetId) external view returns (uint256) {
        return pendingWithdrawals[ownerKey][assetId] * getQuantum(assetId);
    }

    /// Pays the owner's whole ETH or ERC20 balance (possibly 0, as StarkEx does). Anyone may call it.
    function withdraw(uint256 ownerKey, uint256 assetType) external {
        address recipient = strictEthKey(ownerKey);
        bytes4 selector = selectorOf(assetType);
        require(!StarkExAssets.isMintable(selector), "MINTABLE_ASSET_TYPE");
        require(StarkExAssets.isFungible(selector), "NON_FUNGIBLE_ASSET_TYPE");
        uint256 quantizedAmount = pendingWithdrawals[ownerKey][assetType];
        pendingWithdrawals[ownerKey][assetType] = 0;
        uint256 amount = quantizedAmount * quanta[assetType];
        if (selector == StarkExAssets.ETH) {
            (bool ok,) = recipient.call{value: amount}("");
            require(ok, "ETH_TRANSFER_FAILED");
        } else {
            IERC20(StarkExAssets.tokenOf(assetInfos[assetType])).safeTransfer(recipient, amount);
        }
        emit LogWithdrawalPerformed(ownerKey, assetType, amount, quantizedAmount, recipient);
    }

    /// Hands an ERC721 held by the exchange to its owner. With nothing to withdraw it pays nothing and
    /// emits only LogWithdrawalWithTokenIdPerformed with amount 0 (StarkEx would also log an NFT
    /// withdrawal, which carries no amount and so could not be told apart from a real one).
    function withdrawWithTokenId(uint256 ownerKey, uint256 assetType, uint256 tokenId) public {
        address recipient = strictEthKey(ownerKey);
        uint256 assetId = calculateAssetIdWithTokenId(assetType, tokenId);
        uint256 quantizedAmount = pendingWithdrawals[ownerKey][assetId];
        pendingWithdrawals[ownerKey][assetId] = 0;
        if (quantizedAmount > 0) {
            IERC721(StarkExAssets.tokenOf(assetInfos[assetType])).transferFrom(address(this), recipient, tokenId);
            emit LogNftWithdrawalPerformed(ownerKey, assetType, tokenId, assetId, recipient);
        }
        emit LogWithdrawalWithTokenIdPerformed(
            ownerKey, assetType, tokenId, assetId, quantizedAmount, quantizedAmount, recipient
        );
    }

    function withdrawNft(uint256 ownerKey, uint256 assetType, uint256 tokenId) external {
        withdrawWithTokenId(ownerKey, assetType, tokenId);
    }

    /// Mints (or, if the exchange holds it, hands over) an L2-minted token from its blob. Reverts when
    /// nothing is claimable, as StarkEx does.
    function withdrawAndMint(uint256 ownerKey, uint256 assetType, bytes calldata mintingBlob) external {
        address recipient = strictEthKey(ownerKey);
        require(StarkExAssets.isMintable(selectorOf(assetType)), "NON_MINTABLE_ASSET_TYPE");
        uint256 assetId = StarkExAssets.mintableAssetId(assetType, mintingBlob);
        uint256 quantizedAmount = pendingWithdrawals[ownerKey][assetId];
        require(quantizedAmount > 0, "NO_PENDING_WITHDRAWAL_BALANCE");
        pendingWithdrawals[ownerKey][assetId] = 0;
        uint256 amount = quantizedAmount * quanta[assetType];
        IMintableAsset(StarkExAssets.tokenOf(assetInfos[assetType])).mintFor(recipient, amount, mintingBlob);
        emit LogMintWithdrawalPerformed(ownerKey, assetType, amount, quantizedAmount, assetId);
    }

    // ---- helpers ----

    function selectorOf(uint256 assetType) private view returns (bytes4) {
        bytes storage info = assetInfos[assetType];
        require(info.length != 0, "INVALID_ASSET_TYPE");
        return StarkExAssets.selectorOf(info);
    }

    function strictEthKey(uint256 ownerKey) private pure returns (address) {
        address key = getEthKey(ownerKey);
        require(key != address(0), "USER_UNREGISTERED");
        return key;
    }
}
