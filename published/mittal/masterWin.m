
%
% function masterWin
%
% Yi Chai
% March 27, 2008
%
% for CME305 project 2008
%
% this function evaluates the battle between an attacking territory and a
% defending territory in the board game Risk
%
% Inputs:
% a    the number of troops in the attacking territory
% b    the number of troops in the defending territory
%
% Outputs:
% pWinA the probability that the attack succeeds
% sArmyA the expected number of surviving troops after successful attack
% sArmyD the expected number of surviving defence troops after failed attack
%
% Assumptions of rules:
% max allowed number of dices are always rolled when possible for each side
% attacker receives up to 3 dices, defender receives up to 2 dices
% the attacking territory fails if only 1 troop remains
% the defending territory fails if zero troop remains
function [pWinA, sArmyA, sArmyD] = masterWin(a, d)

% initializes the matrices to contain negative elements
pWin = zeros(a, d + 1) - 1;
sArmy = zeros(a, d + 1) - 1;
sDef = zeros(a, d + 1) - 1;

% give the actual work to probWin function
[pWin, sArmy, sDef] = probWin(a, d, pWin, sArmy, sDef);

% outputs the element in the last row and last column of the matrices
pWinA = pWin(a, d + 1);
sArmyA = sArmy(a, d + 1);
sArmyD = sDef(a, d + 1);

